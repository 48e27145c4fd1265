import type { ReactNode } from 'react';
import type { ShownProblem } from '../model/problem-index.ts';
import { fieldId } from '../model/paths.ts';
import { FieldHelp, FieldMessages } from './field-messages.tsx';

/** A field's name, marked when the schema lets it be left out. */
export function FieldName({ label, required }: { label: string; required?: boolean }) {
  return (
    <>
      {label}
      {required ? null : <span className="field__optional"> (optional)</span>}
    </>
  );
}

/** What every single-control field shows around its control: the label, the schema's help, the problems. */
export function FieldFrame({ path, label, required, help, problems, children }: { path: string; label: string; required?: boolean; help: string | undefined; problems: readonly ShownProblem[]; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={fieldId(path)}>
        <FieldName label={label} required={required} />
      </label>
      <FieldHelp path={path} text={help} />
      {children}
      <FieldMessages path={path} problems={problems} />
    </div>
  );
}
