import { z } from 'zod';
import { contentSchema } from '../../site/model/content-schema.ts';

/** Where `site schema` writes by default; content.yaml's first line points editors at it. */
export const SCHEMA_FILE = 'content.schema.json';

/**
 * The JSON Schema of content.yaml, generated from the zod schema, for the YAML language
 * server (VS Code, JetBrains, Neovim, Helix): key completion, descriptions, and errors for
 * wrong types, unknown keys and missing fields as the maintainer types. The input side is
 * described (what the file may contain, before zod's transforms). Rules zod checks in code
 * (link schemes, two-decimal prices, bundle references) have no JSON Schema form and are
 * left to `site check`. Draft 07: the version every editor's YAML and JSON support reads.
 */
export function contentJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(contentSchema, { target: 'draft-07', io: 'input', unrepresentable: 'any' });
  const { $schema, ...rest } = schema;
  return {
    $schema,
    title: 'content.yaml',
    description:
      'Every word, price, link and list the website shows. Generated from site/model/content-schema.ts by "site schema"; do not edit by hand. Run "site check" for the rules a JSON Schema cannot express (link schemes, prices, bundle references).',
    ...rest,
  };
}

/** The schema as the committed file holds it: two-space JSON and a final newline. */
export function contentJsonSchemaText(): string {
  return `${JSON.stringify(contentJsonSchema(), null, 2)}\n`;
}
