import { memo, useState, type ChangeEvent } from 'react';
import { useActions, useProblemsAt } from '../editor-context.ts';
import { fieldId } from '../model/paths.ts';
import { editHint, inputPattern } from '../model/schema.ts';
import type { FieldProps } from './field-props.ts';
import { describedBy } from './field-messages.tsx';
import { FieldFrame } from './field-frame.tsx';

/** Text longer than this opens in a text area. */
const LONG_TEXT = 90;

/** A string: an input, or a text area for long text. Limits are attributes that mark, never block, what is typed. */
export const TextField = memo(function TextField({ path, label, schema, value, required }: FieldProps) {
  const { edit } = useActions();
  const problems = useProblemsAt(path);
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  // Chosen once: a field that turned into a text area mid-word would lose the caret.
  const [multiline] = useState(() => editHint(schema)?.kind === 'multiline' || text.length > LONG_TEXT || text.includes('\n'));
  const hasDefault = schema.default !== undefined;
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = event.target.value;
    // A field with a default that is emptied goes back to the default: the key leaves the file.
    edit(path, next === '' && hasDefault ? undefined : next, true);
  };
  const control = {
    id: fieldId(path),
    value: text,
    onChange,
    required,
    minLength: schema.minLength,
    placeholder: hasDefault ? String(schema.default) : undefined,
    'aria-invalid': problems.length > 0 || undefined,
    'aria-describedby': describedBy(path, Boolean(schema.description), problems),
  };
  return (
    <FieldFrame path={path} label={label} required={required} help={schema.description} problems={problems}>
      {multiline ? <textarea {...control} rows={3} /> : <input {...control} type="text" pattern={inputPattern(schema.pattern)} inputMode={schema.format === 'email' ? 'email' : undefined} />}
    </FieldFrame>
  );
});
