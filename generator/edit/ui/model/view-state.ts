import type { JsonSchema } from '../../protocol.ts';
import { joinPath, splitPath } from './paths.ts';
import { childSchema, hasObjectItems, resolveSchema } from './schema.ts';

/*
 * What is on screen, apart from the content: the open section, the rows opened, each list's
 * page and search, the row the preview follows, and the field to focus after the next render.
 */

/** Rows of a list shown at once. */
export const PAGE_SIZE = 50;

export interface ListView {
  page: number;
  query: string;
}

/** Where focus goes after the next render: a field by path (or its nearest shown ancestor), or an element by id. */
export type FocusTarget = { path: string } | { id: string; inside?: boolean };

export interface ViewState {
  section: string;
  /** Paths of the rows opened (`courses.12`). */
  open: ReadonlySet<string>;
  lists: ReadonlyMap<string, ListView>;
  /** The row last opened, which the preview shows when it has a page of its own. */
  followed?: string;
  focus?: FocusTarget;
}

export type ViewAction =
  | { type: 'section'; section: string }
  | { type: 'toggle'; row: string }
  | { type: 'list'; list: string; view: Partial<ListView> }
  | { type: 'renumber'; list: string; renumber: (index: number) => number | undefined; open?: string; focus?: FocusTarget }
  | { type: 'go'; path: string; section?: string; rows: readonly { row: string; list: string; index: number }[] }
  | { type: 'focus'; focus?: FocusTarget };

const NO_LIST: ListView = { page: 0, query: '' };

/** A list's page and search. */
export function listView(view: ViewState, list: string): ListView {
  return view.lists.get(list) ?? NO_LIST;
}

/** The view after an action. */
export function reduceView(view: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case 'section':
      return action.section === view.section ? view : { ...view, section: action.section, followed: undefined };
    case 'toggle': {
      const open = new Set(view.open);
      const opening = !open.delete(action.row);
      if (opening) open.add(action.row);
      return { ...view, open, followed: opening ? action.row : view.followed === action.row ? undefined : view.followed };
    }
    case 'list': {
      const lists = new Map(view.lists);
      lists.set(action.list, { ...listView(view, action.list), ...action.view });
      return { ...view, lists };
    }
    case 'renumber': {
      const open = new Set<string>();
      for (const row of view.open) {
        const moved = renumberPath(row, action.list, action.renumber);
        if (moved !== undefined) open.add(moved);
      }
      if (action.open) open.add(action.open);
      const followed = view.followed === undefined ? undefined : renumberPath(view.followed, action.list, action.renumber);
      return { ...view, open, followed: action.open ?? followed, focus: action.focus ?? view.focus };
    }
    case 'go': {
      const open = new Set(view.open);
      const lists = new Map(view.lists);
      for (const { row, list, index } of action.rows) {
        open.add(row);
        lists.set(list, { query: '', page: Math.floor(index / PAGE_SIZE) });
      }
      const followed = action.rows.at(-1)?.row ?? view.followed;
      return { ...view, section: action.section ?? view.section, open, lists, followed, focus: { path: action.path } };
    }
    case 'focus':
      return { ...view, focus: action.focus };
  }
}

/** A path below `list.i` moved to `list.renumber(i)`; undefined when its item is gone. Other paths stay. */
function renumberPath(path: string, list: string, renumber: (index: number) => number | undefined): string | undefined {
  const prefix = `${list}.`;
  if (!path.startsWith(prefix)) return path;
  const [index, ...rest] = splitPath(path.slice(prefix.length));
  const next = renumber(Number(index));
  return next === undefined ? undefined : [list, next, ...rest].join('.');
}

/** The rows to open, and the page of each list to show, for the field at `path` to be on screen. */
export function rowsOnTheWay(root: JsonSchema, path: string): { row: string; list: string; index: number }[] {
  const rows: { row: string; list: string; index: number }[] = [];
  let schema: JsonSchema | undefined = resolveSchema(root, root);
  let at = '';
  for (const segment of splitPath(path)) {
    if (!schema) break;
    if (schema.type === 'array' && hasObjectItems(schema, root)) rows.push({ row: joinPath(at, segment), list: at, index: Number(segment) });
    schema = childSchema(schema, segment, root);
    at = joinPath(at, segment);
  }
  return rows;
}
