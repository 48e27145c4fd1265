import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { bundleEditor } from '../../../generator/edit/editor-bundle.ts';
import { tempDir } from '../../helpers/temp.ts';

/* The editor's script is bundled once per version of the code, and a damaged copy in the cache is never served. */

test('the script is kept in the cache and served from it; a damaged copy is bundled again, with a warning', async () => {
  const dir = tempDir('site-editor-bundle-');
  const warnings: string[] = [];
  const first = await bundleEditor(dir, (message) => warnings.push(message));
  expect(first.js).toContain('createRoot');
  expect(first.css).toContain('{');
  const [kept] = readdirSync(dir);
  expect(readdirSync(dir)).toEqual([kept]);

  // Served from the cache: the same script, no warning.
  expect((await bundleEditor(dir, (message) => warnings.push(message))).js).toBe(first.js);
  expect(warnings).toEqual([]);

  // One byte of the kept script changed: not served; bundled again, and the cache put right.
  const file = path.join(dir, kept!, 'editor.js');
  writeFileSync(file, readFileSync(file, 'utf8').replace('createRoot', 'createRooT'));
  const again = await bundleEditor(dir, (message) => warnings.push(message));
  expect(again.js).toBe(first.js);
  expect(warnings).toEqual([expect.stringMatching(/^the editor's script in the build cache is damaged \(editor\.js does not match its hash\): bundled again$/)]);
  expect(readFileSync(file, 'utf8')).toBe(first.js);
  expect(readdirSync(dir)).toEqual([kept]);
});
