import { memo, useCallback, useDeferredValue, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { useActions, useStatic, useUnclaimedProblems, useView } from '../editor-context.ts';
import { fieldId, joinPath, splitPath } from '../model/paths.ts';
import { emptyValue, hasObjectItems, resolveSchema } from '../model/schema.ts';
import { addItemLabel, inSentence, itemName, singular, words } from '../model/labels.ts';
import { matchingIndexes } from './list-search.ts';
import { listView, PAGE_SIZE } from '../model/view-state.ts';
import type { FieldProps } from '../fields/field-props.ts';
import { describedBy, FieldHelp, FieldMessages } from '../fields/field-messages.tsx';
import { ListRow, moveButtonId, rowBodyId } from './list-row.tsx';
import { ListPager } from './list-pager.tsx';
import { FieldName } from '../fields/field-frame.tsx';

/** Lists longer than this get a search box. */
const SEARCH_FROM = 6;

/** What the schema asks of a list's length, in words. */
function lengthRule(minItems: number | undefined, maxItems: number | undefined): string | undefined {
  if (minItems !== undefined && minItems === maxItems) return `Exactly ${minItems}.`;
  if (minItems !== undefined && minItems > 0 && maxItems !== undefined) return `From ${minItems} to ${maxItems}.`;
  if (minItems !== undefined && minItems > 0) return `At least ${minItems}.`;
  if (maxItems !== undefined) return `At most ${maxItems}.`;
  return undefined;
}

/**
 * A list: a page of rows at a time (never more), searchable, with Add, and each row's Move
 * up, Move down and Remove. `bare` when it is a whole section, whose heading names it.
 */
export const ListField = memo(function ListField({ path, label, schema, value, required, bare }: FieldProps) {
  const { schema: root } = useStatic();
  const { edit, view: dispatchView } = useActions();
  const view = useView();
  const items = useMemo(() => (Array.isArray(value) ? value : []), [value]);
  const itemSchema = useMemo(() => (schema.items ? resolveSchema(schema.items, root) : {}), [schema, root]);
  const opens = hasObjectItems(schema, root);
  const listName = splitPath(path).at(-1) ?? '';
  const noun = words(singular(listName) ?? listName);
  const searchId = useId();
  const countId = useId();

  const { page, query } = listView(view, path);
  const searched = useDeferredValue(query);
  const matches = useMemo(() => (searched.trim() === '' ? undefined : matchingIndexes(items, searched)), [items, searched]);
  const total = matches ? matches.length : items.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const start = current * PAGE_SIZE;
  const end = Math.min(total, start + PAGE_SIZE);
  const indexes = matches ? matches.slice(start, end) : Array.from({ length: end - start }, (_, offset) => start + offset);
  const rowPaths = indexes.map((index) => joinPath(path, index));
  const hidden = useUnclaimedProblems(path, rowPaths);
  const own = hidden.filter((problem) => problem.path === path);
  const elsewhere = hidden.filter((problem) => problem.path !== path);

  // The handlers read the latest items through a ref, so they stay the same function and the rows stay memoized.
  const latest = useRef(items);
  useLayoutEffect(() => {
    latest.current = items;
  });
  const onMove = useCallback(
    (index: number, by: -1 | 1) => {
      const list = latest.current;
      const target = index + by;
      if (target < 0 || target >= list.length) return;
      const next = list.slice();
      [next[index], next[target]] = [next[target], next[index]];
      edit(path, next);
      const swap = (at: number) => (at === index ? target : at === target ? index : at);
      dispatchView({ type: 'renumber', list: path, renumber: swap, focus: { id: moveButtonId(joinPath(path, target), by) } });
      if (query.trim() === '') dispatchView({ type: 'list', list: path, view: { page: Math.floor(target / PAGE_SIZE) } });
    },
    [edit, dispatchView, path, query],
  );
  const onRemove = useCallback(
    (index: number) => {
      const list = latest.current;
      edit(
        path,
        list.filter((_, at) => at !== index),
      );
      const after = Math.min(index, list.length - 2);
      dispatchView({
        type: 'renumber',
        list: path,
        renumber: (at) => (at === index ? undefined : at > index ? at - 1 : at),
        focus: after >= 0 ? { path: joinPath(path, after) } : { id: addButtonId(path) },
      });
    },
    [edit, dispatchView, path],
  );
  const onAdd = () => {
    const added = items.length;
    edit(path, [...items, emptyValue(itemSchema, root, items)]);
    dispatchView({ type: 'list', list: path, view: { query: '', page: Math.floor(added / PAGE_SIZE) } });
    const row = joinPath(path, added);
    dispatchView({ type: 'renumber', list: path, renumber: (at) => at, open: opens ? row : undefined, focus: opens ? { id: rowBodyId(row), inside: true } : { path: row } });
  };

  const rule = lengthRule(schema.minItems, schema.maxItems);
  const helpText = [schema.description, rule].filter(Boolean).join(' ') || undefined;
  const body = (
    <>
      <FieldHelp path={path} text={helpText} />
      <FieldMessages path={path} problems={own} />
      {items.length >= SEARCH_FROM ? (
        <div className="list__search">
          <label htmlFor={searchId}>Search {inSentence(label)}</label>
          <input id={searchId} type="search" value={query} aria-describedby={countId} onChange={(event) => dispatchView({ type: 'list', list: path, view: { query: event.target.value, page: 0 } })} />
        </div>
      ) : null}
      <p className="list__count" id={countId} role="status">
        {total === 0 ? (matches ? 'No item matches.' : 'No items yet.') : `${start + 1}–${end} of ${total.toLocaleString('en')}${matches ? ` matching (of ${items.length.toLocaleString('en')})` : ''}`}
      </p>
      <ol className="list__rows">
        {indexes.map((index) => (
          <ListRow
            key={index}
            path={joinPath(path, index)}
            index={index}
            item={items[index]}
            itemSchema={itemSchema}
            opens={opens}
            open={view.open.has(joinPath(path, index))}
            first={index === 0}
            last={index === items.length - 1}
            noun={noun}
            onMove={onMove}
            onRemove={onRemove}
          />
        ))}
      </ol>
      {pages > 1 ? <ListPager label={label} page={current} pages={pages} onPage={(next) => dispatchView({ type: 'list', list: path, view: { page: next } })} /> : null}
      {elsewhere.length > 0 ? <HiddenProblems path={path} items={items} problems={elsewhere} /> : null}
      <button type="button" id={addButtonId(path)} className="button" onClick={onAdd}>
        {addItemLabel(listName)}
      </button>
    </>
  );
  if (bare)
    return (
      <div className="list list--bare" id={fieldId(path)}>
        {body}
      </div>
    );
  return (
    <fieldset className="list group" id={fieldId(path)} aria-describedby={describedBy(path, Boolean(helpText), own)}>
      <legend>
        <FieldName label={label} required={required} />
      </legend>
      {body}
    </fieldset>
  );
});

function addButtonId(path: string): string {
  return `add-${path}`;
}

/** Problems in items not on this page (or not matching the search), each a button that shows its field. */
function HiddenProblems({ path, items, problems }: { path: string; items: readonly unknown[]; problems: readonly { path: string; message: string }[] }) {
  const { goTo } = useActions();
  return (
    <div className="list__hidden">
      <p>Problems in items not shown here:</p>
      <ul>
        {problems.slice(0, 20).map((problem, index) => {
          const [at, ...rest] = splitPath(problem.path.slice(path.length + 1));
          const where = [itemName(items[Number(at)], Number(at)), ...rest.map((segment) => (/^\d+$/.test(segment) ? String(Number(segment) + 1) : words(segment)))].join(' › ');
          return (
            <li key={index}>
              <button type="button" className="link-button" onClick={() => goTo(problem.path)}>
                {where}
              </button>
              : {problem.message}
            </li>
          );
        })}
      </ul>
      {problems.length > 20 ? <p>And {problems.length - 20} more, in the list of all problems.</p> : null}
    </div>
  );
}
