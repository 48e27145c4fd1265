import { memo } from 'react';
import { useActions, useStatic, useUnclaimedProblems } from '../editor-context.ts';
import { fieldId, joinPath } from '../model/paths.ts';
import { childSchema, emptyValue, isRequired } from '../model/schema.ts';
import { inSentence, words } from '../model/labels.ts';
import type { JsonSchema } from '../../protocol.ts';
import type { FieldProps } from './field-props.ts';
import { ComputedValues, describedBy, FieldHelp, FieldMessages } from './field-messages.tsx';
import { useNestedField } from './nested-field.ts';
import { FieldName } from './field-frame.tsx';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a property is shown as a field: present, required, with a default (empty is the
 * default) or a yes/no (absent is no). The others show an Add button.
 */
function shownAsField(schema: JsonSchema, key: string, child: JsonSchema, value: unknown): boolean {
  return value !== undefined || isRequired(schema, key) || child.default !== undefined || child.type === 'boolean';
}

/**
 * An object: a group of its properties' fields, in the schema's order. `bare` when the
 * group is a section or an opened row, whose heading names it already.
 */
export const ObjectField = memo(function ObjectField({ path, label, schema, value, required, bare }: FieldProps) {
  const Field = useNestedField();
  const { schema: root } = useStatic();
  const { edit, view } = useActions();
  // After Add or Remove, focus stays on the field: its control, or its Add button again.
  const change = (childPath: string, next: unknown) => {
    edit(childPath, next);
    view({ type: 'focus', focus: { path: childPath } });
  };
  const record = isRecord(value) ? value : {};
  const keys = Object.keys(schema.properties ?? {});
  const children = keys.flatMap((key) => {
    const child = childSchema(schema, key, root);
    return child ? [{ key, child, path: joinPath(path, key) }] : [];
  });
  const shown = children.filter(({ key, child }) => shownAsField(schema, key, child, record[key])).map((child) => child.path);
  const problems = useUnclaimedProblems(path, shown);
  const unknown = Object.keys(record).filter((key) => !keys.includes(key) && record[key] !== undefined);
  const body = (
    <>
      <FieldHelp path={path} text={schema.description} />
      <ComputedValues path={path} />
      <FieldMessages path={path} problems={problems} />
      {children.map(({ key, child, path: childPath }) => {
        const childLabel = child.title ?? words(key);
        if (!shownAsField(schema, key, child, record[key]))
          return (
            <div key={key} className="property property--absent">
              <button type="button" id={fieldId(childPath)} className="button button--quiet" onClick={() => change(childPath, emptyValue(child, root))}>
                Add {inSentence(childLabel)}
              </button>
              {child.description ? <span className="help"> {child.description}</span> : null}
            </div>
          );
        const removable = !isRequired(schema, key) && child.default === undefined && child.type !== 'boolean';
        return (
          <div key={key} className={removable ? 'property property--removable' : 'property'}>
            <Field path={childPath} label={childLabel} schema={child} value={record[key]} required={isRequired(schema, key)} />
            {removable ? (
              <button type="button" className="button button--quiet button--small property__remove" onClick={() => change(childPath, undefined)}>
                Remove<span className="visually-hidden"> {inSentence(childLabel)}</span>
              </button>
            ) : null}
          </div>
        );
      })}
      {unknown.map((key) => (
        <div key={key} className="property property--unknown">
          <span>
            <code>{key}</code> is not a field of this part of the file.
          </span>
          <button type="button" className="button button--quiet button--small" onClick={() => edit(joinPath(path, key), undefined)}>
            Remove<span className="visually-hidden"> {key}</span>
          </button>
        </div>
      ))}
    </>
  );
  if (bare) return <div className="group group--bare">{body}</div>;
  return (
    <fieldset id={fieldId(path)} className="group" aria-describedby={describedBy(path, Boolean(schema.description), problems)}>
      <legend>
        <FieldName label={label} required={required} />
      </legend>
      {body}
    </fieldset>
  );
});
