import { memo } from 'react';
import { useStatic } from '../editor-context.ts';
import { fieldId } from '../model/paths.ts';
import { fieldKind, schemaAt } from '../model/schema.ts';
import { Field } from '../fields/field.tsx';
import { NestedFieldContext } from '../fields/nested-field.ts';

/** The middle column: the open section's heading and its form. */
export const SectionForm = memo(function SectionForm({ section, title, value }: { section: string; title: string; value: unknown }) {
  const { schema: root } = useStatic();
  const schema = schemaAt(root, section);
  if (!schema) return <p>This section is not in the schema.</p>;
  const kind = fieldKind(schema);
  return (
    <section className="section-form" aria-labelledby="section-heading">
      <h2 id="section-heading" className="section-form__title">
        {/* The heading stands for the section's own field, to focus for a problem with the whole section. */}
        <span id={kind === 'list' ? undefined : fieldId(section)} tabIndex={-1}>
          {title}
        </span>
      </h2>
      <NestedFieldContext value={Field}>
        <Field path={section} label={title} schema={schema} value={value} required bare />
      </NestedFieldContext>
    </section>
  );
});
