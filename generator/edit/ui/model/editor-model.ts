import type { Computed, ComputedAnswer, DraftResponse, EditorState, FieldProblem, SaveResponse } from '../../protocol.ts';
import { record, redo, startHistory, undo, type History } from './history.ts';
import { setAt } from './paths.ts';

/*
 * The content being edited and what the server last said of it, changed only by `reduceModel`.
 * Unsaved means the present snapshot is not the one last saved (or read): undoing back to
 * it makes the file clean again.
 */

/** The editor's data: the content with its history, the file's identity, problems, computed values. */
export interface EditorModel {
  history: History<unknown>;
  /** The snapshot as on disk: read, reloaded or saved. */
  saved: unknown;
  /** The snapshot as last read from disk, which the preview already shows. */
  read: unknown;
  base: string;
  problems: readonly FieldProblem[];
  /** Edits the file cannot take (a value reached through an alias). */
  refused: readonly FieldProblem[];
  computed: Computed;
  /** The id of `computed`, which a draft names so that its answer carries only what changed. */
  computedId: string;
  media: readonly string[];
}

export type ModelAction =
  | { type: 'load'; state: EditorState }
  | { type: 'edit'; path: string; value: unknown; join: boolean; at: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'drafted'; answer: DraftResponse }
  | { type: 'saved'; data: unknown; answer: SaveResponse }
  | { type: 'refused'; refused: readonly FieldProblem[] }
  | { type: 'uploaded'; src: string };

/** The model of a freshly read file. */
export function initialModel(state: EditorState): EditorModel {
  return {
    history: startHistory(state.data),
    saved: state.data,
    read: state.data,
    base: state.base,
    problems: state.problems,
    refused: [],
    ...withComputed({ computed: {}, computedId: '' }, state.computed),
    media: state.media,
  };
}

/** The model after an action. */
export function reduceModel(model: EditorModel, action: ModelAction): EditorModel {
  switch (action.type) {
    case 'load':
      return initialModel(action.state);
    case 'edit': {
      const next = setAt(model.history.present, action.path, action.value);
      return { ...model, history: record(model.history, next, action.join ? action.path : undefined, action.at) };
    }
    case 'undo':
      return { ...model, history: undo(model.history) };
    case 'redo':
      return { ...model, history: redo(model.history) };
    case 'drafted':
      return {
        ...model,
        problems: sameProblems(model.problems, action.answer.problems),
        refused: sameProblems(model.refused, action.answer.refused),
        ...withComputed(model, action.answer.computed),
      };
    case 'saved':
      return { ...model, saved: action.data, base: action.answer.base, problems: sameProblems(model.problems, action.answer.problems), refused: [] };
    case 'refused':
      return { ...model, refused: action.refused };
    case 'uploaded':
      return model.media.includes(action.src) ? model : { ...model, media: [...model.media, action.src].sort() };
  }
}

// An answer that says what was said before keeps the old value, so the fields reading it do not render again.
function sameProblems(previous: readonly FieldProblem[], next: readonly FieldProblem[]): readonly FieldProblem[] {
  return JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
}

/**
 * The computed values after an answer. Values that did not change keep their object, so the
 * fields reading them do not render again; an answer of changes since values the model no
 * longer holds is left out (the next draft names the model's id, and gets all of them).
 */
export function withComputed(model: Pick<EditorModel, 'computed' | 'computedId'>, answer: ComputedAnswer): Pick<EditorModel, 'computed' | 'computedId'> {
  if ('all' in answer) return { computed: JSON.stringify(model.computed) === JSON.stringify(answer.all) ? model.computed : answer.all, computedId: answer.id };
  if (answer.since !== model.computedId) return model;
  const paths = Object.keys(answer.changed);
  if (paths.length === 0) return { computed: model.computed, computedId: answer.id };
  const computed = { ...model.computed };
  for (const path of paths) {
    const value = answer.changed[path];
    if (value) computed[path] = value;
    else delete computed[path];
  }
  return { computed, computedId: answer.id };
}
