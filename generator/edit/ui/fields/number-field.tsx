import { memo, useEffect, useState, type ChangeEvent } from 'react';
import { useActions, useProblemsAt } from '../editor-context.ts';
import { fieldId } from '../model/paths.ts';
import type { FieldProps } from './field-props.ts';
import { describedBy } from './field-messages.tsx';
import { FieldFrame } from './field-frame.tsx';

/** A bound the browser can show: the schema's safe-integer limits of any integer are left out. */
function bound(value: number | undefined): number | undefined {
  return value !== undefined && Math.abs(value) < 1e12 ? value : undefined;
}

/** A number: whole for an integer, to the cent otherwise (prices). What is typed is kept as typed until it is a number. */
export const NumberField = memo(function NumberField({ path, label, schema, value, required }: FieldProps) {
  const { edit } = useActions();
  const problems = useProblemsAt(path);
  const [text, setText] = useState(() => (typeof value === 'number' ? String(value) : value == null ? '' : String(value)));
  useEffect(() => {
    // The value changed from elsewhere (undo, reload): show it, unless it is what is typed.
    setText((typed) => (typeof value === 'number' && Number(typed) === value && typed.trim() !== '' ? typed : value == null ? '' : String(value)));
  }, [value]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    setText(typed);
    if (event.target.validity.badInput) return;
    // Emptied: null, which the file shows as a missing number until one is typed.
    edit(path, typed.trim() === '' ? null : Number(typed), true);
  };
  return (
    <FieldFrame path={path} label={label} required={required} help={schema.description} problems={problems}>
      <input
        id={fieldId(path)}
        className="input--number"
        type="number"
        inputMode={schema.type === 'integer' ? 'numeric' : 'decimal'}
        step={schema.type === 'integer' ? 1 : 0.01}
        min={bound(schema.minimum ?? schema.exclusiveMinimum)}
        max={bound(schema.maximum)}
        value={text}
        onChange={onChange}
        required={required}
        placeholder={schema.default !== undefined ? String(schema.default) : undefined}
        aria-invalid={problems.length > 0 || undefined}
        aria-describedby={describedBy(path, Boolean(schema.description), problems)}
      />
    </FieldFrame>
  );
});
