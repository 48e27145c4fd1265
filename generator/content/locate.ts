import { createRequire } from 'node:module';
import type { Document, LineCounter, Node, YAMLError } from 'yaml';
import type { Location, Problem } from '../problems/errors.ts';

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

/**
 * Every syntax error of the source, located: one per top-level section (the parser reads
 * on after an error and reports what follows it as errors too; a tab in one line of
 * courses gave 111 problems, one per later line). Empty when yaml finds none.
 */
export function syntaxProblems(located: Located): Problem[] {
  const { source } = located;
  const problems = located.document.errors.map((error) => ({
    problem: gluedKey(located, error) ?? problemAt(located, errorOffset(source, error), describeYamlError(error), hintForYamlError(error)),
    // A key the parser calls a duplicate that the file writes only once is an echo of an
    // earlier error (a tab in one section gave duplicates of the next top-level keys).
    echo: error.code === 'DUPLICATE_KEY' && writtenOnce(source, error.pos[0]),
  }));
  return firstPerSection(source, problems);
}

/**
 * Whether the key at `offset` is written only once at its column in the whole source (after
 * spaces, or a list item's dash): the two keys of a real duplicate stand at one column.
 */
function writtenOnce(source: string, offset: number): boolean {
  const line = lineAt(source, offset);
  const column = offset - line.start;
  const key = /^[^\s:][^:]*:/.exec(line.text.slice(column))?.[0];
  if (!key) return false;
  return source.split('\n').filter((line) => /^[ -]*$/.test(line.slice(0, column)) && line.startsWith(key, column)).length === 1;
}

function firstPerSection(source: string, found: { problem: Problem; echo: boolean }[]): Problem[] {
  const starts: number[] = [];
  source.split('\n').forEach((line, index) => {
    if (/^[^\s#-][^:]*:(\s|$)/.test(line)) starts.push(index + 1);
  });
  const sectionOf = (line: number) => {
    let section = 0;
    for (const start of starts) if (start <= line) section = start;
    return section;
  };
  const kept = new Map<number, { problem: Problem; after: number }>();
  for (const { problem, echo } of found) {
    // An echo is counted with the first error, whatever its section.
    const section = echo && kept.size > 0 ? kept.keys().next().value! : sectionOf(problem.location?.line ?? 0);
    const first = kept.get(section);
    if (first) first.after += 1;
    else kept.set(section, { problem, after: 0 });
  }
  return [...kept.values()].map(({ problem, after }) =>
    after === 0
      ? problem
      : { ...problem, hint: `${problem.hint ? `${problem.hint} ` : ''}Fix this first: the parser could not read ${after === 1 ? 'one more place' : `${after} more places`} after it, which may be fine once it is.` },
  );
}

/**
 * "title:Frequently Asked Questions": a key and its value with no space between, which YAML
 * reads as one piece of text; told as such, at the colon (yaml's own words are about
 * implicit keys).
 */
function gluedKey(located: Located, error: YAMLError): Problem | null {
  if (error.code !== 'MULTILINE_IMPLICIT_KEY') return null;
  const line = lineAt(located.source, error.pos[0]);
  const glued = /^([ -]*)([A-Za-z][\w-]*):(\S.*)$/.exec(line.text);
  if (!glued) return null;
  const [, before, key, value] = glued;
  return problemAt(located, line.start + before!.length + key!.length, `a space is missing after "${key}:"`, `Write "${key}: ${value!.trim()}": YAML needs a space between a key's colon and its value.`);
}

/** The line of `source` that holds `offset`: where it starts, and its text. */
function lineAt(source: string, offset: number): { start: number; text: string } {
  const start = source.lastIndexOf('\n', offset - 1) + 1;
  const end = source.indexOf('\n', offset);
  return { start, text: source.slice(start, end === -1 ? undefined : end) };
}

/** Where to point for a YAML error: an unclosed quote is reported at its opening quote, not at the end of the file. */
function errorOffset(source: string, error: YAMLError): number {
  const quote = /missing closing (["'])quote/i.exec(error.message)?.[1];
  if (quote) {
    const opening = source.lastIndexOf(quote, Math.max(0, error.pos[0] - 1));
    if (opening >= 0) return opening;
  }
  return error.pos[0];
}

function describeYamlError(error: YAMLError): string {
  const first = error.message.split('\n')[0] ?? error.message;
  // yaml appends " at line L, column C" to its messages; the location is printed separately.
  return first.replace(/ at line \d+, column \d+:?$/, '').replace(/^./, (c) => c.toLowerCase());
}

function hintForYamlError(error: YAMLError): string {
  switch (error.code) {
    case 'DUPLICATE_KEY':
      return 'Each key may appear once in a mapping; remove or rename one of them.';
    case 'MISSING_CHAR':
      return error.message.includes('quote') ? 'Close the quoted text with the same quote mark it starts with.' : 'Check the indentation (spaces only, two per level).';
    case 'BAD_INDENT':
    case 'UNEXPECTED_TOKEN':
      return 'Check the indentation (spaces only, two per level) and that every "key: value" has a space after the colon.';
    case 'BLOCK_AS_IMPLICIT_KEY':
      return 'A key must fit on one line; quote text that contains a colon followed by a space.';
    case 'TAB_AS_INDENT':
      return 'YAML indentation must use spaces, not tabs.';
    default:
      return 'Quote text that contains ": " or starts with a special character (*, &, !, %, @, `).';
  }
}
