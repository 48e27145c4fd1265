import { createRequire } from 'node:module';
import type { Document, LineCounter, Node } from 'yaml';
import type { Location, Problem } from '../../problems/errors.ts';

/*
 * Where in content.yaml a problem is. Reading the file needs no positions (parse-yaml.ts
 * reads it with js-yaml); only when something is wrong is the text parsed again, with the
 * `yaml` package, whose document keeps every node's range and which reads on past a
 * syntax error, so that one run reports every one.
 */

/** The `yaml` package, loaded the first time a problem is located: a valid file never needs it. */
let yamlPackage: typeof import('yaml') | undefined;
const yaml = (): typeof import('yaml') => (yamlPackage ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));

/** A parsed document with positions, built only when there is something to report. */
export interface Located {
  document: Document;
  lineCounter: LineCounter;
  source: string;
  file: string;
}

/** Parses `source` again, this time keeping node ranges and a line map. */
export function locateSource(source: string, file: string): Located {
  const lineCounter = new (yaml().LineCounter)();
  const document = yaml().parseDocument(source, { version: '1.2', schema: 'core', uniqueKeys: true, prettyErrors: false, logLevel: 'silent', lineCounter });
  return { document, lineCounter, source, file };
}

/** 1-based line and column of an offset into the source. */
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
    if (yaml().isMap(node)) {
      const pair = node.items.find((item) => yaml().isPair(item) && yaml().isScalar(item.key) && String(item.key.value) === String(segment));
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
    } else if (yaml().isSeq(node)) {
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

/** Every text value content.yaml writes that `keep` accepts, with its content path and location (where it is first written). */
export function locateTexts(located: Located, keep: (text: string) => boolean): Map<string, { path: string; location: Location }> {
  const placed = new Map<string, { path: string; location: Location }>();
  const visit = (node: unknown, path: string[]): void => {
    if (yaml().isScalar(node)) {
      const text = node.value;
      if (typeof text === 'string' && !placed.has(text) && keep(text)) placed.set(text, { path: path.join('.'), location: positionOf(located, node.range?.[0] ?? 0) });
    } else if (yaml().isMap(node)) {
      for (const pair of node.items) if (yaml().isScalar(pair.key)) visit(pair.value, [...path, String(pair.key.value)]);
    } else if (yaml().isSeq(node)) {
      node.items.forEach((item, index) => visit(item, [...path, String(index)]));
    }
  };
  visit(located.document.contents, []);
  return placed;
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

/** A problem with the whole file at a position: its location and code frame filled in. */
export function problemAt(located: Located, offset: number, message: string, hint?: string): Problem {
  const location = positionOf(located, offset);
  return { path: '', message, hint, location, frame: codeFrame(located.source, location) };
}

/** A problem with the value (or, `atKey`, the key) at a content path: located, with its code frame. */
export function problemAtPath(located: Located, path: readonly PropertyKey[], message: string, hint?: string, atKey = false): Problem {
  const location = locatePath(located, path, atKey);
  return { path: path.map(String).join('.'), message, hint, location, frame: codeFrame(located.source, location) };
}

/** The line of `source` that holds `offset`: where it starts, and its text. */
export function lineAt(source: string, offset: number): { start: number; text: string } {
  const start = source.lastIndexOf('\n', offset - 1) + 1;
  const end = source.indexOf('\n', offset);
  return { start, text: source.slice(start, end === -1 ? undefined : end) };
}
