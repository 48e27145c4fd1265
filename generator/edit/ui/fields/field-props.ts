import type { JsonSchema } from '../../protocol.ts';

/** What every field is given: where it is, what it is called, its (resolved) schema and value. */
export interface FieldProps {
  path: string;
  label: string;
  schema: JsonSchema;
  value: unknown;
  required: boolean;
}
