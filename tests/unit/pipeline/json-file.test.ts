import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { writeJsonFile } from '../../../generator/pipeline/json-file.ts';
import { tempDir } from '../../helpers/temp.ts';

const dir = tempDir('site-json-file-');

test('the build record written a piece at a time is the very JSON of it, however large', () => {
  // Shaped as the record is: small fields, an object of many pages, long lists, nesting,
  // text that JSON escapes, and fields left out as JSON.stringify leaves them.
  const pages = Object.fromEntries(
    Array.from({ length: 5000 }, (_, index) => [`/course/${index}`, { key: `k${index}`, title: index % 7 ? `"Title" ${index} \u2028 ✓` : null, html: { raw: index, brotli: index / 2 }, exact: index % 2 === 0 }]),
  );
  const record = {
    kind: 'site-build-cache',
    format: 4,
    skipped: undefined,
    pages,
    files: { paths: Array.from({ length: 30_000 }, (_, index) => `courses/${index}/index.html`), ids: Array.from({ length: 30_000 }, (_, index) => `id-${index}`) },
    empty: { list: [], object: {} },
    out: null,
    spare: { id: 'x', differs: ['a\\b', 'c\n'] },
  };
  const file = path.join(dir, 'record.json');
  writeJsonFile(file, record);
  const text = readFileSync(file, 'utf8');
  expect(text.length).toBeGreaterThan(1_000_000);
  expect(text).toBe(JSON.stringify(record));
  expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(record)));
});

test('values JSON treats specially come out as JSON.stringify makes them, at any depth', () => {
  const file = path.join(dir, 'special.json');
  const value = {
    a: [1, 'two', { three: 3 }, undefined, () => 1, [[], [null]]],
    b: 'é',
    when: new Date(0),
    skipped: () => 1,
    map: new Map([['k', 1]]),
    nested: { list: [undefined, new Date(1)], deeper: { x: undefined, y: [1] } },
  };
  writeJsonFile(file, value);
  expect(readFileSync(file, 'utf8')).toBe(JSON.stringify(value));
});
