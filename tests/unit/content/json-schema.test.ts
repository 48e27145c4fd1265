import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { contentJsonSchema, contentJsonSchemaText, SCHEMA_FILE } from '../../../generator/content/json-schema.ts';
import { contentSchema } from '../../../site/model/content-schema.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

describe('content.schema.json', () => {
  test('the committed file is current (run "site schema" after changing the zod schema)', () => {
    expect(readFileSync(path.join(ROOT, SCHEMA_FILE), 'utf8')).toBe(contentJsonSchemaText());
  });

  test('content.yaml points editors at it on its first line', () => {
    expect(readFileSync(path.join(ROOT, 'content.yaml'), 'utf8').split('\n')[0]).toBe(`# yaml-language-server: $schema=./${SCHEMA_FILE}`);
  });

  test('is draft 07 with a title, describes every section, and refuses unknown keys', () => {
    const schema = contentJsonSchema() as { $schema: string; title: string; description: string; properties: Record<string, unknown>; required: string[]; additionalProperties: boolean };
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.title).toBe('content.yaml');
    expect(schema.description).toContain('site schema');
    expect(Object.keys(schema.properties)).toEqual(Object.keys(contentSchema.shape));
    expect(schema.required).toEqual(Object.keys(contentSchema.shape));
    expect(schema.additionalProperties).toBe(false);
  });

  test('completes enum values editors can offer (icons, course levels)', () => {
    const text = contentJsonSchemaText();
    expect(text).toContain('"Foundation"');
    expect(text).toMatch(/"enum": \[\s+"free-trial",\s+"pay-per-solution",\s+"monthly"\s+\]/);
  });
});
