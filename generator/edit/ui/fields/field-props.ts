import type { JsonSchema } from '../../protocol.ts';

/** What every field is given: where it is, what it is called, its (resolved) schema and value. */
export interface FieldProps {
  path: string;
  label: string;
  schema: JsonSchema;
  value: unknown;
  required: boolean;
  /** A whole section or an open row, whose heading names it: an object's or a list's field draws no frame of its own. */
  bare?: boolean;
}
