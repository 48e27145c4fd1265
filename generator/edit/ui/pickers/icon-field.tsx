import { memo } from 'react';
import { useActions, useProblemsAt, useStatic } from '../editor-context.ts';
import { fieldId } from '../model/paths.ts';
import type { FieldProps } from '../fields/field-props.ts';
import { describedBy, FieldHelp, FieldMessages } from '../fields/field-messages.tsx';

/** One icon of the set, drawn as the site draws it: 24×24, stroked with the text colour. */
export function IconImage({ d }: { d: string | undefined }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {d ? <path d={d} /> : null}
    </svg>
  );
}

/** A name from the icon set: the chosen one, and a radio group of every icon with its name behind a disclosure. */
export const IconField = memo(function IconField({ path, label, schema, value, required }: FieldProps) {
  const { edit } = useActions();
  const { icons } = useStatic();
  const problems = useProblemsAt(path);
  const names = (schema.enum ?? Object.keys(icons)).map(String);
  const current = typeof value === 'string' ? value : '';
  const known = current !== '' && names.includes(current);
  return (
    <fieldset id={fieldId(path)} className="field field--icon" aria-describedby={describedBy(path, Boolean(schema.description), problems)}>
      <legend>
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </legend>
      <FieldHelp path={path} text={schema.description} />
      <details className="icon-picker">
        <summary>
          <IconImage d={icons[current]} />
          <span>{current === '' ? 'No icon chosen' : known ? current : `${current} (not in the icon set)`}</span>
          <span className="icon-picker__action">Change icon</span>
        </summary>
        <div className="icon-picker__grid">
          {names.map((name) => (
            <label key={name} className="icon-option">
              <input type="radio" name={`icon-${path}`} value={name} checked={name === current} onChange={() => edit(path, name)} />
              <IconImage d={icons[name]} />
              <span className="icon-option__name">{name}</span>
            </label>
          ))}
        </div>
      </details>
      <FieldMessages path={path} problems={problems} />
    </fieldset>
  );
});
