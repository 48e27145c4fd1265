import { memo, useContext } from 'react';
import type { JsonSchema } from '../../protocol.ts';
import { ComputedContext, useActions, useProblemsUnder } from '../editor-context.ts';
import { fieldId, problemId } from '../model/paths.ts';
import { fieldKind } from '../model/schema.ts';
import { itemName } from '../model/labels.ts';
import { FieldMessages } from '../fields/field-messages.tsx';
import { useNestedField } from '../fields/nested-field.ts';

export interface ListRowProps {
  path: string;
  index: number;
  item: unknown;
  itemSchema: JsonSchema;
  /** An object item: a row that opens. Otherwise the item's own input is the row. */
  opens: boolean;
  open: boolean;
  first: boolean;
  last: boolean;
  /** What one item is called, for a row with no name of its own ("Paragraph"). */
  noun: string;
  onMove(index: number, by: -1 | 1): void;
  onRemove(index: number): void;
}

/** The id of a row's Move button, to keep focus on it as the row moves. */
export function moveButtonId(path: string, by: -1 | 1): string {
  return `${by < 0 ? 'move-up' : 'move-down'}-${path}`;
}

/** The id of an opened row's fields, to focus the first of them. */
export function rowBodyId(path: string): string {
  return `row-${path}`;
}

/** One item of a list: its name (or its input), Move up, Move down, Remove; opened, its fields. */
export const ListRow = memo(function ListRow({ path, index, item, itemSchema, opens, open, first, last, noun, onMove, onRemove }: ListRowProps) {
  const Field = useNestedField();
  const { view } = useActions();
  const problems = useProblemsUnder(path);
  const computed = useContext(ComputedContext)[path];
  const name = opens ? itemName(item, index) : `${noun} ${index + 1}`;
  const actions = (
    <div className="row__actions">
      <MoveButton path={path} by={-1} name={name} disabled={first} onClick={() => onMove(index, -1)} />
      <MoveButton path={path} by={1} name={name} disabled={last} onClick={() => onMove(index, 1)} />
      <button type="button" className="button button--quiet button--small button--danger" onClick={() => onRemove(index)}>
        Remove<span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
  if (!opens)
    return (
      <li className="row row--inline">
        <Field path={path} label={name} schema={itemSchema} value={item} required />
        {actions}
      </li>
    );
  const collapsedProblems = open ? [] : problems;
  return (
    <li className={open ? 'row row--open' : 'row'}>
      <div className="row__head">
        <button
          type="button"
          id={fieldId(path)}
          className="row__toggle"
          aria-expanded={open}
          aria-controls={open ? rowBodyId(path) : undefined}
          aria-describedby={collapsedProblems.length > 0 ? problemId(path) : undefined}
          onClick={() => view({ type: 'toggle', row: path })}
        >
          <span className="row__chevron" aria-hidden="true" />
          <span className="row__number">{index + 1}.</span>
          <span className="row__name">{name}</span>
          {collapsedProblems.length > 0 ? <span className="row__badge">{collapsedProblems.length === 1 ? '1 problem' : `${collapsedProblems.length} problems`}</span> : null}
        </button>
        {actions}
      </div>
      {!open && computed ? <p className="row__computed">{computed.join(' · ')}</p> : null}
      {!open ? <FieldMessages path={path} problems={collapsedProblems} /> : null}
      {open ? (
        <div className="row__body" id={rowBodyId(path)}>
          <Field path={path} label={name} schema={itemSchema} value={item} required bare={fieldKind(itemSchema) === 'object'} />
        </div>
      ) : null}
    </li>
  );
});

/** Move up or down; at the end of the list it says so and does nothing, keeping focus where it is. */
function MoveButton({ path, by, name, disabled, onClick }: { path: string; by: -1 | 1; name: string; disabled: boolean; onClick(): void }) {
  return (
    <button type="button" id={moveButtonId(path, by)} className="button button--quiet button--small button--icon" aria-disabled={disabled || undefined} onClick={disabled ? undefined : onClick}>
      <span aria-hidden="true">{by < 0 ? '↑' : '↓'}</span>
      <span className="visually-hidden">
        Move {name} {by < 0 ? 'up' : 'down'}
      </span>
    </button>
  );
}
