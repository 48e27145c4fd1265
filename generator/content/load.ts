import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, YAMLError, type ParseOptions, type DocumentOptions, type SchemaOptions, type ToJSOptions } from 'yaml';
import { ContentProblemError, type Problem } from '../errors.ts';
import { codeFrame, locateSource } from './locate.ts';
import { parseFast } from './yaml-fast.ts';
import { parseInSections } from './yaml-sections.ts';

/**
 * One set of YAML options for the fast parse and the located re-parse: YAML 1.2 core
 * schema (so `no` stays a string), unique keys, and a hard cap on alias expansion so a
 * "billion laughs" file fails fast instead of eating memory.
 */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions & ToJSOptions = {
  version: '1.2',
  schema: 'core',
  uniqueKeys: true,
  prettyErrors: false,
  maxAliasCount: 100,
  // Unknown tags (!foo) read as plain text; never print Node process warnings.
  logLevel: 'error',
};

/** The raw content file: its text, its display name, and the plain data parsed from it. */
export interface LoadedContent {
  file: string;
  displayName: string;
  source: string;
  data: unknown;
}

/** The content file's name as problems print it: relative to the working folder. */
export function contentDisplayName(file: string, cwd = process.cwd()): string {
  return path.relative(cwd, file) || file;
}

/** The content file's bytes; a missing or unreadable file is a located problem. */
export function readContentBytes(file: string, displayName: string): Buffer {
  try {
    // Synchronous: the first asynchronous read would start libuv's thread pool, ~10 ms.
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ContentProblemError([
      {
        path: '',
        message: code === 'ENOENT' ? `cannot find ${displayName}` : `cannot read ${displayName} (${code ?? 'unknown error'})`,
        hint: code === 'ENOENT' ? 'Run the command in the project folder, or name the file with --content FILE.' : undefined,
      },
    ]);
  }
}

/**
 * Reads (unless given its `bytes`) and parses content.yaml. Throws ContentProblemError
 * listing every syntax error.
 */
export async function loadContent(options: { file: string; cwd?: string; bytes?: Buffer }): Promise<LoadedContent> {
  const displayName = contentDisplayName(options.file, options.cwd);
  const bytes = options.bytes ?? readContentBytes(options.file, displayName);
  const source = decodeUtf8(bytes, displayName);
  return { file: options.file, displayName, source, data: parseContent(source, displayName) };
}

/** Decodes strictly: a byte sequence that is not UTF-8 is a located problem, not a silent U+FFFD. */
function decodeUtf8(bytes: Buffer, displayName: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    const lenient = new TextDecoder('utf-8').decode(bytes);
    const offset = lenient.indexOf('\uFFFD');
    const before = lenient.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    const location = { file: displayName, line, column };
    throw new ContentProblemError([
      { path: '', message: 'the file is not valid UTF-8', hint: 'Save the file with UTF-8 encoding.', location, frame: codeFrame(lenient, location) },
    ]);
  }
}

/** From this size (in characters) a file is parsed in sections: ~1,500 courses. */
export const SECTIONED_PARSE_FROM = 512 * 1024;

/** Parses YAML text; on any syntax error re-parses with positions and reports all of them. */
export function parseContent(source: string, displayName: string): unknown {
  try {
    // Content in the usual part of YAML is read line by line (yaml-fast.ts). Else a large
    // file is parsed a section at a time (yaml-sections.ts) so the syntax tree of the whole
    // file never exists at once; what cannot be split is parsed whole.
    return (
      parseFast(source) ?? (source.length > SECTIONED_PARSE_FROM ? parseInSections(source, YAML_OPTIONS) : undefined) ?? parse(source, YAML_OPTIONS)
    );
  } catch (error) {
    if (error instanceof RangeError) throw new ContentProblemError([tooDeep(source, displayName)]);
    if (!(error instanceof YAMLError) && !(error instanceof ReferenceError)) throw error;
  }
  const located = locateSource(source, displayName);
  const problems: Problem[] = located.document.errors.map((yamlError) => {
    const { line, col } = located.lineCounter.linePos(errorOffset(source, yamlError));
    const location = { file: displayName, line, column: col };
    return {
      path: '',
      message: describeYamlError(yamlError),
      hint: hintForYamlError(yamlError),
      location,
      frame: codeFrame(source, location),
    };
  });
  if (problems.length > 1) throw new ContentProblemError(firstPerSection(source, problems));
  if (problems.length === 0) {
    // Well-formed, but converting to plain data failed: an alias bomb or an unknown alias.
    try {
      located.document.toJS({ maxAliasCount: YAML_OPTIONS.maxAliasCount });
    } catch (error) {
      problems.push({
        path: '',
        message: ((error as Error).message.split('\n')[0] ?? 'the YAML cannot be read').replace(/^./, (c) => c.toLowerCase()),
        hint: 'Aliases (*name) may expand to at most 100 nodes; write the values out instead.',
        location: { file: displayName, line: 1, column: 1 },
      });
    }
  }
  throw new ContentProblemError(problems);
}

/**
 * One syntax error per top-level section: the parser reads on after an error and reports
 * what follows as errors too (a tab in one line of courses gave 111 problems, one per
 * later line). Errors in other sections are independent and all stay.
 */
function firstPerSection(source: string, problems: Problem[]): Problem[] {
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
  for (const problem of problems) {
    const section = sectionOf(problem.location?.line ?? 0);
    const first = kept.get(section);
    if (first) first.after += 1;
    else kept.set(section, { problem, after: 0 });
  }
  return [...kept.values()].map(({ problem, after }) =>
    after === 0
      ? problem
      : { ...problem, hint: `${problem.hint ? `${problem.hint} ` : ''}Fix this first: the parser could not read ${after === 1 ? 'one more place' : `${after} more places`} after it in this section, which may be fine once it is.` },
  );
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

/** Nesting so deep the parser ran out of stack: report where the deepest line starts. */
function tooDeep(source: string, displayName: string): Problem {
  const lines = source.split('\n');
  let deepest = 0;
  lines.forEach((line, index) => {
    if (line.length - line.trimStart().length > (lines[deepest] ?? '').length - (lines[deepest] ?? '').trimStart().length) deepest = index;
  });
  const location = { file: displayName, line: deepest + 1, column: 1 };
  return { path: '', message: 'the file is nested too deeply to read', hint: 'Content never needs more than a few levels of nesting; check for runaway brackets or indentation.', location, frame: codeFrame(source, location) };
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
