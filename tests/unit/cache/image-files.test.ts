import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { digest } from '../../../generator/cache/digest.ts';
import { openImageFiles } from '../../../generator/cache/image-files.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * The cache's images/ folder keeps what the build draws or encodes under the key of what
 * decides its bytes, named with the hash of its bytes too (generator/cache/image-files.ts).
 * A damaged folder is put right by the next build that needs it, never a failed build.
 */

const KEY = 'ab'.repeat(32);

/** Makes a file under `key` as a build does: at a temporary name, then kept. */
function make(images: ReturnType<typeof openImageFiles>, key: string, bytes: string) {
  const temporary = images.temporaryFor(key, 'png');
  writeFileSync(temporary, bytes);
  return images.keep(key, 'png', temporary);
}

test('a file made is found by its key, in the folder opened anew (the next build), named with the hash of its bytes', () => {
  const dir = tempDir('site-images-');
  const made = make(openImageFiles(dir), KEY, 'a card');
  const found = openImageFiles(dir).find(KEY);
  expect(found).toEqual(made);
  expect(found!.id).toBe(`${KEY}.${digest(Buffer.from('a card'))}.png`);
  expect(readFileSync(found!.path, 'utf8')).toBe('a card');
});

test('a file where images/ or one of its folders goes (a damaged cache) is replaced when a file is made there, and pruned otherwise', () => {
  const dir = tempDir('site-images-');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, KEY.slice(0, 2)), 'not a folder');
  writeFileSync(path.join(dir, 'cd'), 'not a folder either');
  const images = openImageFiles(dir);
  expect(images.find(KEY)).toBeNull();
  images.remove([`${'cd'.repeat(32)}.${'0'.repeat(40)}.png`]);
  const made = make(images, KEY, 'a card');
  expect(openImageFiles(dir).find(KEY)).toEqual(made);
  images.prune(new Set([made.id]));
  expect(readdirSync(dir, { recursive: true }).map(String).sort()).toEqual([KEY.slice(0, 2), path.join(KEY.slice(0, 2), made.id)]);

  // images/ itself a file.
  const whole = path.join(tempDir('site-images-'), 'images');
  writeFileSync(whole, 'not a folder');
  const again = make(openImageFiles(whole), KEY, 'a card');
  expect(openImageFiles(whole).find(KEY)).toEqual(again);
});

test('a folder where a file of images/ goes (a damaged cache) is no file: made again, it replaces the folder; removed, it goes', () => {
  const dir = tempDir('site-images-');
  const made = make(openImageFiles(dir), KEY, 'a card');
  rmSync(made.path);
  mkdirSync(path.join(made.path, 'inside'), { recursive: true });
  const images = openImageFiles(dir);
  const again = make(images, KEY, 'a card');
  expect(again).toEqual(made);
  expect(readFileSync(again.path, 'utf8')).toBe('a card');
  mkdirSync(path.join(path.dirname(made.path), `${KEY}.${'1'.repeat(40)}.png`, 'inside'), { recursive: true });
  images.remove([`${KEY}.${'1'.repeat(40)}.png`]);
  expect(readdirSync(path.dirname(made.path))).toEqual([made.id]);
});
