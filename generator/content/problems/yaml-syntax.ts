import type { YAMLError } from 'yaml';
import type { Problem } from '../../problems/errors.ts';
import { lineAt, positionOf, problemAt, type Located } from './locate.ts';

/*
 * content.yaml's syntax errors as the yaml package finds them (it reads on past an error,
 * where js-yaml stops), said in a maintainer's words: the slips people make (a glued key or
 * dash, a quote that ends quoted text early) by name, the rest in yaml's words with a hint;
 * one per section, as what follows an error is often its echo.
 */

/**
 * Every syntax error of the source, located: one per top-level section (the parser reads
 * on after an error and reports what follows it as errors too; a tab in one line of
 * courses gave 111 problems, one per later line). Empty when yaml finds none.
 */
export function syntaxProblems(located: Located): Problem[] {
  const { source } = located;
  const problems = located.document.errors.map((error) => ({
    problem: tabInIndent(located, error) ?? gluedKey(located, error) ?? gluedDash(located, error) ?? quoteClosedEarly(located, error) ?? repeatedKey(located, error) ?? keyOutOfLine(located, error) ?? problemAt(located, errorOffset(source, error), describeYamlError(error), hintForYamlError(error)),
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

const TABS_HINT = 'YAML indentation must use spaces, not tabs.';

/**
 * A tab that indents a line, alone or among spaces: yaml says so of a tab that starts the
 * line, but of one among spaces that the keys do not line up, at column 1. Told at the tab.
 */
function tabInIndent(located: Located, error: YAMLError): Problem | null {
  const line = lineAt(located.source, error.pos[0]);
  const tab = /^[ -]*\t/.exec(line.text);
  if (!tab) return null;
  return problemAt(located, line.start + tab[0].length - 1, 'tabs are not allowed as indentation', TABS_HINT);
}

/** "-id: 2": a list item's dash with no space after it, which YAML reads as part of a key; told at the dash. */
function gluedDash(located: Located, error: YAMLError): Problem | null {
  const line = lineAt(located.source, error.pos[0]);
  const glued = /^( *)-([A-Za-z][\w-]*:.*)$/.exec(line.text);
  if (!glued) return null;
  const [, indent, item] = glued;
  return problemAt(located, line.start + indent!.length, 'a space is missing after "-"', `Write "- ${item!.trim()}": a list item starts with a dash and a space.`);
}

/**
 * 'It's easy' or "Tap "Join" now": a quote inside the text closes it early, and what follows
 * on the line makes no sense to YAML; told at that quote, with the text quoted the other way.
 */
function quoteClosedEarly(located: Located, error: YAMLError): Problem | null {
  const line = lineAt(located.source, error.pos[0]);
  const opened = /^ *(?:- )?[A-Za-z][\w-]*: +(['"])/.exec(line.text);
  if (!opened) return null;
  const quote = opened[1]!;
  const open = opened[0].length - 1;
  let close = -1;
  for (let index = open + 1; index < line.text.length; index += 1) {
    const char = line.text[index];
    if (quote === '"' && char === '\\') index += 1;
    else if (quote === "'" && char === "'" && line.text[index + 1] === "'") index += 1;
    else if (char === quote) {
      close = index;
      break;
    }
  }
  const after = close === -1 ? '' : line.text.slice(close + 1).trim();
  if (after === '' || after.startsWith('#')) return null;
  const inner = line.text.slice(open + 1, line.text.trimEnd().endsWith(quote) ? line.text.trimEnd().length - 1 : undefined);
  const hint =
    quote === "'"
      ? `Inside single quotes an apostrophe is written twice ('It''s'); or put the text in double quotes: "${inner}"`
      : inner.includes("'")
        ? 'Inside double quotes a quote is written as \\" (a backslash, then the quote).'
        : `Inside double quotes a quote is written as \\"; or put the text in single quotes: '${inner}'`;
  return problemAt(located, line.start + close, `this ${quote === "'" ? 'apostrophe' : 'quote'} ends the quoted text, but the line goes on after it`, hint);
}

/** A line's key and the column it starts at (after spaces and a list item's dash), or null. */
function keyOf(text: string): { key: string; column: number } | null {
  const found = /^([ -]*?)([A-Za-z][\w-]*):(\s|$)/.exec(text);
  return found ? { key: found[2]!, column: found[1]!.length } : null;
}

/** The line before `start` that holds something (not blank, not a comment). */
function lineBefore(source: string, start: number): { start: number; text: string } | null {
  for (let end = start - 1; end > 0; ) {
    const line = lineAt(source, end - 1);
    if (line.text.trim() !== '' && !line.text.trimStart().startsWith('#')) return line;
    end = line.start - 1;
  }
  return null;
}

/**
 * A key indented further or less far than the keys beside it ("icon: brain" then
 * "      price: 16.99"): yaml blames the line above (a value it reads as a key) or column 1,
 * in words about compact mappings (or, in a list item, a missing dash). Told at the key,
 * with the column it belongs at.
 */
function keyOutOfLine(located: Located, error: YAMLError): Problem | null {
  const { source } = located;
  let line = lineAt(source, error.pos[0]);
  let above = lineBefore(source, line.start);
  // Indented further: yaml stops on the line above, whose value it took for a key (as it
  // does for a value with ": " in it, told by the default hint).
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY') {
    const next = source.indexOf('\n', error.pos[0]);
    const below = next === -1 ? null : lineAt(source, next + 1);
    const key = keyOf(line.text);
    const under = below && keyOf(below.text);
    if (!key || !under || under.column <= key.column || /:\s/.test(line.text.slice(key.column + key.key.length + 1))) return null;
    [above, line] = [line, below];
  } else if (error.code !== 'BAD_INDENT' && !(error.code === 'MISSING_CHAR' && error.message.startsWith('Sequence item without - indicator'))) return null;
  const here = keyOf(line.text);
  const beside = above && keyOf(above.text);
  if (!here || !beside || here.column === beside.column) return null;
  const further = here.column > beside.column;
  return problemAt(
    located,
    line.start + here.column,
    `"${here.key}" is indented ${further ? 'further' : 'less far'} than "${beside.key}" on the line above it`,
    `The keys of one mapping start at the same column: start "${here.key}:" at column ${beside.column + 1}, under "${beside.key}:".`,
  );
}

/**
 * A key written twice in one mapping: named, with the line that first writes it. The build
 * reads no value of a file that repeats a key, so nothing else is checked until it is
 * fixed: said so, as the one problem listed may hide others.
 */
function repeatedKey(located: Located, error: YAMLError): Problem | null {
  if (error.code !== 'DUPLICATE_KEY') return null;
  const { source } = located;
  const repeated = keyOf(lineAt(source, error.pos[0]).text);
  if (!repeated) return null;
  // The first: up the lines of the same mapping (keys at the same column) to the one that starts it.
  let first: number | null = null;
  for (let line = lineBefore(source, lineAt(source, error.pos[0]).start); line; line = lineBefore(source, line.start)) {
    const indent = /^[ -]*/.exec(line.text)![0].length;
    if (indent === repeated.column && keyOf(line.text)?.key === repeated.key) first = positionOf(located, line.start).line;
    if (indent < repeated.column || (indent === repeated.column && line.text[indent - 2] === '-')) break;
  }
  const where = first === null ? '' : ` (first on line ${first})`;
  return problemAt(located, error.pos[0], `"${repeated.key}" is written twice in this mapping${where}`, 'Each key may appear once in a mapping: remove one of them, or rename it. Fix this first: no value of the file is checked until it is.');
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
      return TABS_HINT;
    default:
      return 'Quote text that contains ": " or starts with a special character (*, &, !, %, @, `).';
  }
}
