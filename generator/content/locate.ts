import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { Location } from '../errors.ts';
import { YAML_OPTIONS } from './load.ts';

/** A parsed document with positions, built only when there is something to report. */
export interface Located {
  document: Document;
  lineCounter: LineCounter;
  source: string;
  file: string;
}

/** Parses `source` again, this time keeping node ranges and a line map. */
export function locateSource(source: string, file: string): Located {
  const lineCounter = new LineCounter();
  const document = parseDocument(source, { ...YAML_OPTIONS, lineCounter, keepSourceTokens: false });
  return { document, lineCounter, source, file };
}

/** 1-based line and column of a byte offset. */
export function positionOf(located: Located, offset: number): Location {
  const { line, col } = located.lineCounter.linePos(offset);
  return { file: located.file, line, column: col };
}

/**
 * The node a content path points at: the value when it exists; otherwise the deepest
 * existing ancestor (a missing key is reported on the mapping that lacks it).
 * For a key that should not be there, `preferKey` points at the key itself.
 */
export function locatePath(located: Located, path: readonly PropertyKey[], preferKey = false): Location {
  let node: unknown = located.document.contents;
  let offset = (node as Node | null)?.range?.[0] ?? 0;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      const keyNode = pair.key as Node;
      const valueNode = pair.value as Node | null;
      if (preferKey && segment === path[path.length - 1]) {
        offset = keyNode.range?.[0] ?? offset;
        node = keyNode;
        break;
      }
      // An empty value (`price:`) has no range of its own: point just after the key.
      offset = valueNode?.range?.[0] ?? keyNode.range?.[1] ?? offset;
      node = valueNode;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  return positionOf(located, offset);
}

/** Two lines of context before the location, the line itself and a caret under the column. */
export function codeFrame(source: string, location: Location, context = 2): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, location.line - context);
  const last = Math.min(lines.length, location.line);
  const width = String(last).length;
  const out: string[] = [];
  for (let number = first; number <= last; number += 1) {
    const marker = number === location.line ? '>' : ' ';
    out.push(`${marker} ${String(number).padStart(width)} | ${lines[number - 1] ?? ''}`);
  }
  out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, location.column - 1))}^`);
  return out.join('\n');
}
