import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadContent } from '../../generator/content/read-content.ts';
import { validateContent } from '../../generator/content/validate.ts';
import { ContentProblemError, type Problem } from '../../generator/problems/errors.ts';
import { colorsFor, formatProblem } from '../../generator/problems/report.ts';

export const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');
export const REAL_CONTENT = path.resolve(import.meta.dirname, '..', '..', 'content.yaml');

const plain = colorsFor(process.stdout, { NO_COLOR: '1' });

/** Every problem a fixture has, formatted as the CLI prints it (no colour). */
export async function fixtureProblems(name: string): Promise<{ problems: Problem[]; text: string[] }> {
  const dir = path.join(FIXTURES, name);
  try {
    validateContent(await loadContent({ file: path.join(dir, 'content.yaml'), cwd: dir }));
  } catch (error) {
    if (!(error instanceof ContentProblemError)) throw error;
    return { problems: error.problems, text: error.problems.map((problem) => formatProblem(problem, plain)) };
  }
  throw new Error(`fixture ${name} is valid`);
}

/** Every problem of the real content.yaml after `edit`, formatted as the CLI prints it (none: []). */
export async function editedRealProblems(edit: (source: string) => string): Promise<string[]> {
  const source = edit(readFileSync(REAL_CONTENT, 'utf8'));
  try {
    validateContent(await loadContent({ file: REAL_CONTENT, cwd: path.dirname(REAL_CONTENT), text: source }));
    return [];
  } catch (error) {
    if (!(error instanceof ContentProblemError)) throw error;
    return error.problems.map((problem) => formatProblem(problem, plain));
  }
}
