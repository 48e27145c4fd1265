import type { EditHint, JsonSchema } from '../../protocol.ts';
import { splitPath } from './paths.ts';

/*
 * Reading the JSON Schema the server sends: references followed, `allOf` merged, an `anyOf`
 * read as its first branch that is not null, and each schema's kind of field.
 */

/** What kind of field shows a value of this schema. */
export type FieldKind = 'object' | 'list' | 'text' | 'number' | 'boolean' | 'choice' | 'icon' | 'image' | 'reference' | 'other';

const resolved = new WeakMap<JsonSchema, JsonSchema>();

/** The schema with `$ref`, `allOf` and `anyOf` worked out against the root; the same object each time it is asked. */
export function resolveSchema(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const known = resolved.get(schema);
  if (known) return known;
  let result = schema;
  if (schema.$ref) {
    const target = schema.$ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
    const { $ref: _ref, ...rest } = schema;
    result = { ...resolveSchema((target as JsonSchema | undefined) ?? {}, root), ...rest };
  }
  if (result.allOf) {
    const { allOf, ...rest } = result;
    result = allOf.reduce<JsonSchema>((merged, part) => ({ ...merged, ...resolveSchema(part, root) }), rest);
  }
  if (result.anyOf) {
    const { anyOf, ...rest } = result;
    const branch = anyOf.find((option) => (option as { type?: string }).type !== ('null' as string)) ?? {};
    result = { ...resolveSchema(branch, root), ...rest };
  }
  resolved.set(schema, result);
  return result;
}

/** The hint for the editor a schema carries, on itself or (for a list) on its items. */
export function editHint(schema: JsonSchema): EditHint | undefined {
  return schema['x-edit'] ?? (schema.type === 'array' ? schema.items?.['x-edit'] : undefined);
}

/** Which field shows values of this (resolved) schema. */
export function fieldKind(schema: JsonSchema): FieldKind {
  const hint = editHint(schema);
  if (hint?.kind === 'reference' && schema.type === 'array') return 'reference';
  if (hint?.kind === 'image') return 'image';
  if (hint?.kind === 'icon') return 'icon';
  if (schema.enum) return 'choice';
  switch (schema.type) {
    case 'object':
      return 'object';
    case 'array':
      return 'list';
    case 'string':
      return 'text';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'other';
  }
}

/** The schema of one property or item of a (resolved) schema. */
export function childSchema(schema: JsonSchema, key: string, root: JsonSchema): JsonSchema | undefined {
  const child = schema.type === 'array' ? schema.items : schema.properties?.[key];
  return child ? resolveSchema(child, root) : undefined;
}

/** The schema of the value at a path, undefined where the schema has no such field. */
export function schemaAt(root: JsonSchema, path: string): JsonSchema | undefined {
  let schema: JsonSchema | undefined = resolveSchema(root, root);
  for (const segment of splitPath(path)) {
    if (!schema) return undefined;
    schema = childSchema(schema, segment, root);
  }
  return schema;
}

/** Whether a list's items are objects, shown as rows that open; otherwise each item is its own input. */
export function hasObjectItems(schema: JsonSchema, root: JsonSchema): boolean {
  const items = schema.items ? resolveSchema(schema.items, root) : undefined;
  return items !== undefined && (fieldKind(items) === 'object' || fieldKind(items) === 'image');
}

/**
 * A new value of a schema: an object with its required fields, empty text, zero, the first
 * choice. An integer `id` among `siblings` is the next one free.
 */
export function emptyValue(schema: JsonSchema, root: JsonSchema, siblings: readonly unknown[] = []): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const property = childSchema(schema, key, root);
        if (!property) continue;
        value[key] = key === 'id' && property.type === 'integer' ? nextFreeId(siblings) : emptyValue(property, root);
      }
      return value;
    }
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    default:
      return '';
  }
}

/** One more than the largest integer `id` of the items. */
export function nextFreeId(items: readonly unknown[]): number {
  let largest = 0;
  for (const item of items) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === 'number' && id > largest) largest = id;
  }
  return Math.floor(largest) + 1;
}

/** Whether a property must be present (optional ones can be added and removed). */
export function isRequired(schema: JsonSchema, key: string): boolean {
  return schema.required?.includes(key) ?? false;
}

/** A pattern as an input's `pattern` attribute, where the browser can read it (it compiles it with the v flag). */
export function inputPattern(pattern: string | undefined): string | undefined {
  if (!pattern) return undefined;
  try {
    new RegExp(`^(?:${pattern.replace(/^\^|\$$/g, '')})$`, 'v');
    return pattern.replace(/^\^|\$$/g, '');
  } catch {
    return undefined;
  }
}
