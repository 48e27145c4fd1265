import type { Problem } from './errors.ts';

/** Colour helpers that do nothing unless colour is wanted (a TTY, and no NO_COLOR). */
export interface Colors {
  red: (text: string) => string;
  yellow: (text: string) => string;
  green: (text: string) => string;
  dim: (text: string) => string;
  bold: (text: string) => string;
  cyan: (text: string) => string;
}

/**
 * Whether to colour a stream. NO_COLOR (any non-empty value, no-color.org) always wins;
 * FORCE_COLOR forces colour on a pipe (CI logs) unless it is "0" or "false", which turn it
 * off even on a TTY; otherwise colour only on a TTY whose TERM is not "dumb".
 */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

/** Colour helpers for one stream (see `colorEnabled`). */
export function colorsFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Colors {
  const enabled = colorEnabled(stream, env);
  const wrap = (open: number, close: number) => (text: string) => (enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), bold: wrap(1, 22), cyan: wrap(36, 39) };
}

/**
 * One problem as a maintainer reads it:
 *   content.yaml:12:14  bundles.1.books.2  book 11 does not exist
 *     > 12 |     books: [4, 11]
 *          |                ^
 *     hint: Use the id of a book listed under books: 1, 2, 3.
 */
export function formatProblem(problem: Problem, colors: Colors): string {
  const where = problem.location ? `${problem.location.file}:${problem.location.line}:${problem.location.column}` : '';
  const head = [where && colors.bold(where), problem.path && colors.cyan(problem.path), problem.message].filter(Boolean).join('  ');
  const lines = [head];
  if (problem.frame) lines.push(problem.frame.split('\n').map((line) => `  ${colors.dim(line)}`).join('\n'));
  if (problem.hint) lines.push(`  ${colors.yellow('hint:')} ${problem.hint}`);
  return lines.join('\n');
}

/** Every problem, then a count. */
export function formatProblems(problems: readonly Problem[], colors: Colors): string {
  const count = `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`;
  return `${problems.map((problem) => formatProblem(problem, colors)).join('\n\n')}\n\n${colors.red(count)}`;
}

/** Problems as JSON records for CI tools. */
export function problemsAsJson(problems: readonly Problem[]): string {
  return JSON.stringify(
    {
      ok: problems.length === 0,
      problems: problems.map((problem) => ({
        file: problem.location?.file ?? null,
        line: problem.location?.line ?? null,
        column: problem.location?.column ?? null,
        path: problem.path,
        message: problem.message,
        hint: problem.hint ?? null,
      })),
    },
    null,
    2,
  );
}

/** GitHub Actions workflow-command annotations, one per problem. */
export function problemsAsGithubAnnotations(problems: readonly Problem[]): string {
  const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return problems
    .map((problem) => {
      const where = problem.location
        ? ` file=${escapeProperty(problem.location.file)},line=${problem.location.line},col=${problem.location.column}`
        : '';
      const message = [problem.path, problem.message].filter(Boolean).join(': ') + (problem.hint ? ` (${problem.hint})` : '');
      return `::error${where}::${escapeData(message)}`;
    })
    .join('\n');
}

export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
