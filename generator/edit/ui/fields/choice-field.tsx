import { memo } from 'react';
import { useActions, useProblemsAt } from '../editor-context.ts';
import { fieldId } from '../model/paths.ts';
import type { FieldProps } from './field-props.ts';
import { describedBy } from './field-messages.tsx';
import { FieldFrame } from './field-frame.tsx';

/** One of the schema's values: a select. A value the schema does not allow stays shown, marked, until another is chosen. */
export const ChoiceField = memo(function ChoiceField({ path, label, schema, value, required }: FieldProps) {
  const { edit } = useActions();
  const problems = useProblemsAt(path);
  const options = (schema.enum ?? []).map(String);
  const current = value === undefined || value === null ? '' : String(value);
  const pick = (chosen: string) => {
    // The schema's own value, with its type (a number stays a number).
    edit(path, schema.enum?.find((option) => String(option) === chosen) ?? chosen);
  };
  return (
    <FieldFrame path={path} label={label} required={required} help={schema.description} problems={problems}>
      <select
        id={fieldId(path)}
        value={current}
        onChange={(event) => pick(event.target.value)}
        required={required}
        aria-invalid={problems.length > 0 || undefined}
        aria-describedby={describedBy(path, Boolean(schema.description), problems)}
      >
        {current === '' ? <option value="">Choose…</option> : null}
        {current !== '' && !options.includes(current) ? <option value={current}>{current} (not allowed)</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});
