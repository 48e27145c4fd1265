import { memo } from 'react';
import { useProblemsUnder } from '../editor-context.ts';
import { fieldId } from '../model/paths.ts';
import type { FieldProps } from './field-props.ts';
import { describedBy, FieldMessages } from './field-messages.tsx';

/** A value whose schema the forms cannot show (no type they know): shown as it is, to be edited in the file. */
export const OtherField = memo(function OtherField({ path, label, value }: FieldProps) {
  const problems = useProblemsUnder(path);
  return (
    <div className="field">
      <p className="field__label" id={`${fieldId(path)}-label`}>
        {label}
      </p>
      <pre id={fieldId(path)} className="field__raw" tabIndex={-1} aria-labelledby={`${fieldId(path)}-label`} aria-describedby={describedBy(path, false, problems)}>
        {JSON.stringify(value, null, 2) ?? '(empty)'}
      </pre>
      <p className="help">This field has no form here; edit it in content.yaml.</p>
      <FieldMessages path={path} problems={problems} />
    </div>
  );
});
