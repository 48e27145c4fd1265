import { createContext, useContext, type Dispatch } from 'react';
import type { Computed, JsonSchema } from '../protocol.ts';
import { indexProblems, unclaimed, type ProblemIndex, type ShownProblem } from './model/problem-index.ts';
import type { UploadOutcome } from './api.ts';
import type { ViewAction, ViewState } from './model/view-state.ts';

/*
 * What the fields read besides their own props. Each context changes on its own: typing
 * changes the content (read by the few fields that show other lists), an answer from the
 * server changes the problems or computed values, opening a row changes the view.
 */

/** Changes the fields ask for. All stable for the editor's life, so memoized fields do not render again because of them. */
export interface EditorActions {
  /** `value` at `path`; `join` joins a burst of typing in one field into one undo step. */
  edit(path: string, value: unknown, join?: boolean): void;
  view: Dispatch<ViewAction>;
  /** Opens the section and rows a path lies in and focuses its field. */
  goTo(path: string): void;
  /** Stores an image under media/ (asking before replacing one of the same name). */
  upload(file: File, replace: boolean): Promise<UploadOutcome>;
}

/** What does not change while the page is open: the schema and the icon set. */
export interface EditorStatic {
  schema: JsonSchema;
  icons: Readonly<Record<string, string>>;
}

export const ActionsContext = createContext<EditorActions | null>(null);
export const StaticContext = createContext<EditorStatic>({ schema: {}, icons: {} });
/** The whole content, for fields that offer another list's items (a bundle's books). */
export const ContentContext = createContext<unknown>(undefined);
export const MediaContext = createContext<readonly string[]>([]);
export const ProblemsContext = createContext<ProblemIndex>(indexProblems([], []));
export const ComputedContext = createContext<Computed>({});
export const ViewContext = createContext<ViewState | null>(null);

export function useActions(): EditorActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('a field is shown outside the editor');
  return actions;
}

export function useView(): ViewState {
  const view = useContext(ViewContext);
  if (!view) throw new Error('a field is shown outside the editor');
  return view;
}

export function useStatic(): EditorStatic {
  return useContext(StaticContext);
}

/** The problems at exactly this path. */
export function useProblemsAt(path: string): readonly ShownProblem[] {
  return useContext(ProblemsContext).at(path);
}

/** The problems at or below this path. */
export function useProblemsUnder(path: string): readonly ShownProblem[] {
  return useContext(ProblemsContext).under(path);
}

/** The problems at or below this path that none of the shown children shows. */
export function useUnclaimedProblems(path: string, shown: readonly string[]): readonly ShownProblem[] {
  return unclaimed(useContext(ProblemsContext), path, shown);
}
