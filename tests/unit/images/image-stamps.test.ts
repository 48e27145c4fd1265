import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { sameImages, stampOf, type ImageStamps } from '../../../generator/images/image-stamps.ts';
import { aMomentAgo } from '../../helpers/clock.ts';
import { tempDir } from '../../helpers/temp.ts';

const imageStamps = (files: string[]): ImageStamps => Object.fromEntries(files.map((file) => [file, stampOf(file)]));

const dir = tempDir('site-image-stamps-');

test('an image untouched is as stamped; one saved over with bytes of the same size and its old modification time is not', async () => {
  const file = path.join(dir, 'cover.jpg');
  const then = 1_700_000_000; // whole seconds: a time a copy can give back exactly
  writeFileSync(file, 'first image');
  utimesSync(file, then, then);
  const stamps = imageStamps([file]);
  await aMomentAgo(); // the copy below changes the file later than the stamp
  expect(sameImages(stamps)).toBe(true);
  // As cp -p leaves it: other bytes, the same size, the same inode, the old time.
  writeFileSync(file, 'other image');
  utimesSync(file, then, then);
  expect(sameImages(stamps)).toBe(false);
});

test('an image removed, or one that was missing and now is there, is not as stamped', async () => {
  const file = path.join(dir, 'photo.jpg');
  writeFileSync(file, 'photo');
  const stamps = imageStamps([file]);
  rmSync(file);
  expect(sameImages(stamps)).toBe(false);
  const missing = imageStamps([file]);
  expect(sameImages(missing)).toBe(true);
  writeFileSync(file, 'photo');
  expect(sameImages(missing)).toBe(false);
});
