import { createContext, use, type ComponentType } from 'react';
import type { FieldProps } from './field-props.ts';

/**
 * The field for a value held by another (field.tsx's Field), for the fields that hold
 * others: an object's properties, a list's rows. Given by the form at its root
 * (panels/section-form.tsx) rather than imported, as Field is itself made of those fields.
 */
export const NestedFieldContext = createContext<ComponentType<FieldProps> | null>(null);

/** The field for a value held by another (see NestedFieldContext). */
export function useNestedField(): ComponentType<FieldProps> {
  const field = use(NestedFieldContext);
  if (!field) throw new Error('a field that holds others must be inside <NestedFieldContext value={Field}> (panels/section-form.tsx)');
  return field;
}
