import { memo, useContext, useId, useState } from 'react';
import { ContentContext, useActions, useUnclaimedProblems } from '../editor-context.ts';
import { fieldId, getAt } from '../model/paths.ts';
import { editHint } from '../model/schema.ts';
import type { FieldProps } from '../fields/field-props.ts';
import { describedBy, FieldHelp, FieldMessages } from '../fields/field-messages.tsx';

/** Above this many items to choose from, a search box narrows them and only the first matches show. */
const SEARCH_FROM = 20;
const SHOWN_MATCHES = 50;

/**
 * Values picked from another list (a bundle's books): a checkbox per item of that list,
 * labelled by its `label` field, storing its `by` field, in the order they were ticked.
 */
export const ReferenceField = memo(function ReferenceField({ path, label, schema, value, required }: FieldProps) {
  const { edit } = useActions();
  const content = useContext(ContentContext);
  const hint = editHint(schema);
  const problems = useUnclaimedProblems(path, []);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const chosenId = useId();
  if (hint?.kind !== 'reference') return null;
  const chosen = Array.isArray(value) ? value : [];
  const items = (getAt(content, hint.list) as unknown[] | undefined) ?? [];
  const options = items.flatMap((item) => {
    const key = (item as Record<string, unknown> | null)?.[hint.by];
    const name = (item as Record<string, unknown> | null)?.[hint.label];
    return key === undefined ? [] : [{ key, name: typeof name === 'string' && name.trim() ? name : `${hint.by} ${String(key)}` }];
  });
  const nameOf = (key: unknown) => options.find((option) => option.key === key)?.name ?? `${hint.by} ${String(key)} (not in ${hint.list})`;
  // A value chosen that the list no longer has stays shown, ticked, so it can be unticked.
  const missing = [...new Set(chosen)].filter((key) => !options.some((option) => option.key === key)).map((key) => ({ key, name: nameOf(key) }));
  const needle = query.trim().toLowerCase();
  const matches = needle === '' ? options : options.filter((option) => option.name.toLowerCase().includes(needle) || String(option.key) === needle);
  const shown = [...missing, ...matches.filter((option, index) => index < SHOWN_MATCHES || chosen.includes(option.key))];
  const toggle = (key: unknown, on: boolean) => edit(path, on ? [...chosen, key] : chosen.filter((item) => item !== key));

  return (
    <fieldset id={fieldId(path)} className="field field--reference" aria-describedby={[describedBy(path, Boolean(schema.description), problems), chosenId].filter(Boolean).join(' ')}>
      <legend>
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </legend>
      <FieldHelp path={path} text={schema.description} />
      <p className="reference__chosen" id={chosenId}>
        {chosen.length === 0 ? 'None chosen.' : `Chosen, in order: ${chosen.map(nameOf).join('; ')}.`}
      </p>
      <FieldMessages path={path} problems={problems} />
      {options.length > SEARCH_FROM ? (
        <div className="field field--inline">
          <label htmlFor={searchId}>Find in {hint.list}</label>
          <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
      ) : null}
      <ul className="reference__options">
        {shown.map((option) => (
          <li key={String(option.key)}>
            <label>
              <input type="checkbox" checked={chosen.includes(option.key)} onChange={(event) => toggle(option.key, event.target.checked)} />
              <span>{option.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {matches.length > SHOWN_MATCHES ? <p className="help">Showing the first {SHOWN_MATCHES} of {matches.length}; type to narrow.</p> : null}
    </fieldset>
  );
});
