import type { Computed, DraftResponse, EditorState, FieldProblem, SaveResponse } from '../../protocol.ts';
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
  media: readonly string[];
  /** The preview's build: the preview reloads its page when this changes. */
  previewVersion: string;
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
    computed: state.computed,
    media: state.media,
    previewVersion: state.version,
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
        computed: sameComputed(model.computed, action.answer.computed),
        // A draft with problems leaves the last good page shown.
        previewVersion: action.answer.problems.length === 0 ? action.answer.version : model.previewVersion,
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

function sameComputed(previous: Computed, next: Computed): Computed {
  return JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
}
