import { memo } from 'react';
import { useActions, useProblemsAt } from '../editor-context.ts';
import { fieldId } from '../model/paths.ts';
import type { FieldProps } from './field-props.ts';
import { describedBy, FieldHelp, FieldMessages } from './field-messages.tsx';

/** A yes or no: a checkbox. An optional one unticked leaves the file (absent is no). */
export const BooleanField = memo(function BooleanField({ path, label, schema, value, required }: FieldProps) {
  const { edit } = useActions();
  const problems = useProblemsAt(path);
  return (
    <div className="field field--check">
      <input
        id={fieldId(path)}
        type="checkbox"
        checked={value === true}
        onChange={(event) => edit(path, event.target.checked ? true : required || schema.default !== undefined ? false : undefined)}
        aria-invalid={problems.length > 0 || undefined}
        aria-describedby={describedBy(path, Boolean(schema.description), problems)}
      />
      <label htmlFor={fieldId(path)}>{label}</label>
      <FieldHelp path={path} text={schema.description} />
      <FieldMessages path={path} problems={problems} />
    </div>
  );
});
