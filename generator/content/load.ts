import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, YAMLError, type ParseOptions, type DocumentOptions, type SchemaOptions, type ToJSOptions } from 'yaml';
import { ContentProblemError, type Problem } from '../errors.ts';
import { codeFrame, locateSource } from './locate.ts';

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
};

/** The raw content file: its text, its display name, and the plain data parsed from it. */
export interface LoadedContent {
  file: string;
  displayName: string;
  source: string;
  data: unknown;
}

/** Reads and parses content.yaml. Throws ContentProblemError listing every syntax error. */
export async function loadContent(options: { file: string; cwd?: string }): Promise<LoadedContent> {
  const displayName = path.relative(options.cwd ?? process.cwd(), options.file) || options.file;
  let source: string;
  try {
    source = await readFile(options.file, 'utf8');
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
  return { file: options.file, displayName, source, data: parseContent(source, displayName) };
}

/** Parses YAML text; on any syntax error re-parses with positions and reports all of them. */
export function parseContent(source: string, displayName: string): unknown {
  if (source.includes('\uFFFD')) {
    const offset = source.indexOf('\uFFFD');
    const located = locateSource(source.slice(0, offset + 1), displayName);
    const location = located.lineCounter.linePos(offset);
    const at = { file: displayName, line: location.line, column: location.col };
    throw new ContentProblemError([
      { path: '', message: 'the file is not valid UTF-8', hint: 'Save the file with UTF-8 encoding.', location: at, frame: codeFrame(source, at) },
    ]);
  }
  try {
    return parse(source, YAML_OPTIONS);
  } catch (error) {
    if (!(error instanceof YAMLError) && !(error instanceof ReferenceError)) throw error;
  }
  const located = locateSource(source, displayName);
  const problems: Problem[] = located.document.errors.map((yamlError) => {
    const [line, column] = yamlError.linePos?.[0] ? [yamlError.linePos[0].line, yamlError.linePos[0].col] : [1, 1];
    const location = { file: displayName, line, column };
    return {
      path: '',
      message: describeYamlError(yamlError),
      hint: hintForYamlError(yamlError.code),
      location,
      frame: codeFrame(source, location),
    };
  });
  if (problems.length === 0) {
    // Well-formed, but converting to plain data failed: an alias bomb or an unknown alias.
    try {
      located.document.toJS({ maxAliasCount: YAML_OPTIONS.maxAliasCount });
    } catch (error) {
      problems.push({
        path: '',
        message: (error as Error).message.split('\n')[0] ?? 'the YAML cannot be read',
        hint: 'Aliases (*name) may expand to at most 100 nodes; write the values out instead.',
        location: { file: displayName, line: 1, column: 1 },
      });
    }
  }
  throw new ContentProblemError(problems);
}

function describeYamlError(error: YAMLError): string {
  const first = error.message.split('\n')[0] ?? error.message;
  // yaml appends " at line L, column C" to its messages; the location is printed separately.
  return first.replace(/ at line \d+, column \d+:?$/, '').replace(/^./, (c) => c.toLowerCase());
}

function hintForYamlError(code: string): string {
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'Each key may appear once in a mapping; remove or rename one of them.';
    case 'BAD_INDENT':
    case 'MISSING_CHAR':
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
