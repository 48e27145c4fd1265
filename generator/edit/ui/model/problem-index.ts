import type { FieldProblem } from '../../protocol.ts';
import { isWithin, selfAndAncestors } from './paths.ts';

/*
 * The problems by path, so a field finds its own at once, and a group the ones below it
 * that none of its shown children claims (a collapsed row, an item on another page).
 */

/** A problem with whether it stops `site build` or is an edit the file cannot take. */
export interface ShownProblem extends FieldProblem {
  refused?: boolean;
}

export interface ProblemIndex {
  /** Problems at exactly this path. */
  at(path: string): readonly ShownProblem[];
  /** Problems at this path and below it. */
  under(path: string): readonly ShownProblem[];
}

const NONE: readonly ShownProblem[] = [];

/** The index of the file's problems and refused edits. */
export function indexProblems(problems: readonly FieldProblem[], refused: readonly FieldProblem[]): ProblemIndex {
  const exact = new Map<string, ShownProblem[]>();
  const below = new Map<string, ShownProblem[]>();
  const add = (map: Map<string, ShownProblem[]>, path: string, problem: ShownProblem) => {
    const list = map.get(path);
    if (list) list.push(problem);
    else map.set(path, [problem]);
  };
  const all: ShownProblem[] = [...problems, ...refused.map((problem) => ({ ...problem, refused: true }))];
  for (const problem of all) {
    add(exact, problem.path, problem);
    add(below, '', problem);
    for (const path of selfAndAncestors(problem.path)) add(below, path, problem);
  }
  return { at: (path) => exact.get(path) ?? NONE, under: (path) => below.get(path) ?? NONE };
}

/** The problems at or below `path` that none of `shown` (paths of the children on screen) is at or above. */
export function unclaimed(index: ProblemIndex, path: string, shown: readonly string[]): readonly ShownProblem[] {
  const under = index.under(path);
  if (under.length === 0) return NONE;
  const left = under.filter((problem) => !shown.some((child) => isWithin(problem.path, child)));
  return left.length === under.length ? under : left;
}
