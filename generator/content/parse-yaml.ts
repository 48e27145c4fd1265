import yaml from 'js-yaml';
import { ContentProblemError, type Problem } from '../problems/errors.ts';
import { codeFrame, locateSource, problemAt } from './problems/locate.ts';
import { syntaxProblems } from './problems/yaml-syntax.ts';
import { codePointName, INVISIBLE_CHARACTER } from '../../site/model/field-schemas.ts';
import { INVISIBLE_CHARACTER_HINT } from './problems/zod-problems.ts';

/*
 * content.yaml is read with js-yaml: YAML 1.2 and its core schema (so `no` stays text),
 * unique keys, no tags beyond the core schema's, at most 100 levels deep. It reads the
 * file about eight times faster than the `yaml` package (README.md), so positions are
 * worked out only when something is wrong (locate.ts, with `yaml`).
 */

/**
 * How many values aliases (`*name`) may add to the file, expanded. js-yaml shares one object
 * for every use of an anchor, but each use is validated and rendered as a copy: ten
 * levels of ten aliases stand for ten billion values (a "billion laughs" file).
 */
export const MAX_ALIAS_VALUES = 10_000;

/** Parses YAML text to plain data; a syntax problem anywhere is a ContentProblemError listing each one, located. */
export function parseYaml(source: string, displayName: string): unknown {
  let data: unknown;
  try {
    data = yaml.load(source, { filename: displayName, schema: yaml.CORE_SCHEMA });
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    // An empty file is an empty document: validation says what it lacks.
    if (source.replace(/^\s*#.*$/gm, '').trim() === '') return null;
    throw new ContentProblemError(problemsOf(source, displayName, error));
  }
  // An alias needs an anchor: without "&" there is nothing to expand.
  if (source.includes('&') && source.includes('*') && addedByAliases(data) > MAX_ALIAS_VALUES) {
    throw new ContentProblemError([
      {
        path: '',
        message: `excessive alias count: aliases (*name) expand the file by more than ${MAX_ALIAS_VALUES.toLocaleString('en-US')} values`,
        hint: 'An alias repeats what its anchor (&name) holds; write the values out instead of nesting aliases.',
        location: { file: displayName, line: 1, column: 1 },
      },
    ]);
  }
  return data;
}

/** The syntax problems of a file js-yaml refused: yaml's, which reads on to list each one; else js-yaml's own. */
function problemsOf(source: string, displayName: string, error: yaml.YAMLException): Problem[] {
  const offset = error.mark?.position ?? 0;
  // Too deep for yaml's recursive parser too: js-yaml's position is all there is.
  if (error.reason.startsWith('nesting exceeded')) {
    const location = locationOf(source, offset, displayName);
    return [{ path: '', message: 'the file is nested too deeply to read', hint: 'Content never needs more than a few levels of nesting; check for runaway brackets or indentation.', location, frame: codeFrame(source, location) }];
  }
  const located = locateSource(source, displayName);
  const problems = syntaxProblems(located);
  if (problems.length > 0) return problems;
  if (error.reason.startsWith('unknown tag')) {
    // js-yaml stops after the tagged value; the tag is the last one before that on its line.
    const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
    const tags = [...source.slice(lineStart, offset).matchAll(/!!?[^\s,[\]{}]*/g)];
    const tag = tags.at(-1);
    if (tag)
      return [
        problemAt(
          located,
          lineStart + tag.index,
          `unknown tag ${tag[0]}: content.yaml holds text, numbers, true/false, lists and mappings`,
          'Remove the tag and write the value itself; quote it if YAML would read it as something else.',
        ),
      ];
  }
  const alias = /^unidentified alias "(.*)"$/.exec(error.reason)?.[1];
  if (alias !== undefined) {
    // js-yaml points past the alias; the alias is the last "*name" before that.
    const at = source.lastIndexOf(`*${alias}`, offset);
    return [
      problemAt(
        located,
        at >= 0 ? at : offset,
        `"*${alias}" repeats the value marked "&${alias}", but no value is marked so`,
        `A value that starts with * is read as a repeat of another; to write the text itself, put it in quotes: "*${alias}".`,
      ),
    ];
  }
  if (error.reason.includes('non-printable') || error.reason.startsWith('null byte')) {
    // js-yaml points past the character; the character itself is where to look.
    const invisible = INVISIBLE_CHARACTER.exec(source);
    if (invisible)
      return [
        problemAt(
          located,
          invisible.index,
          `an invisible control character (${codePointName(invisible[0])}) is in the file`,
          INVISIBLE_CHARACTER_HINT,
        ),
      ];
  }
  return [problemAt(located, offset, error.reason, 'Check the indentation (spaces only, two per level) and quote text that contains ": " or starts with a special character.')];
}

/** The 1-based line and column of an offset. */
function locationOf(source: string, offset: number, file: string) {
  const before = source.slice(0, offset);
  return { file, line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/**
 * How many values the data gains when every alias is expanded: each value counted as often
 * as it is reached, less the values as written. Stops counting past the limit.
 */
function addedByAliases(data: unknown): number {
  const expanded = new Map<object, number>();
  const size = (value: unknown): number => {
    if (value === null || typeof value !== 'object') return 1;
    const known = expanded.get(value);
    if (known !== undefined) return known;
    let total = 1;
    for (const item of Array.isArray(value) ? value : Object.values(value)) {
      total += size(item);
      if (total > MAX_ALIAS_VALUES * 2) break;
    }
    expanded.set(value, total);
    return total;
  };
  const reached = size(data);
  let written = 0;
  for (const value of expanded.keys()) written += 1 + (Array.isArray(value) ? value : Object.values(value)).filter((item) => item === null || typeof item !== 'object').length;
  return reached - written;
}
