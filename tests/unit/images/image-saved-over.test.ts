import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { openImageFiles } from '../../../generator/cache/image-files.ts';
import { makeImages, readImages } from '../../../generator/images/site-images.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
import { tempDir } from '../../helpers/temp.ts';
// @ts-expect-error: a plain JavaScript module of the scripts
import { writeImageFixture } from '../../../scripts/image-fixture.js';

/*
 * An image saved over while a build runs, between the look that hashes it and the making
 * of its files: the build stops with a located problem, and nothing is kept under the
 * first picture's key; the next build makes the new picture's files.
 */

test('an image saved over between being hashed and being made: a located problem, nothing kept under its old key; the next build is right', async () => {
  const dir = tempDir('site-image-saved-over-');
  const { contentFile } = (await writeImageFixture(REAL_CONTENT, path.join(dir, 'site'))) as { contentFile: string };
  const { images, issues } = await readImages(parse(readFileSync(contentFile, 'utf8')), contentFile);
  expect(issues).toEqual([]);
  const photo = images.sources.find((file) => file.endsWith('book-3.jpg'))!;
  // Saved over after the build read it, before it makes its files.
  await sharp({ create: { width: 1000, height: 1400, channels: 3, background: '#0891b2' } }).jpeg().toFile(photo);
  const folder = path.join(dir, 'images');
  // Only this picture's files are made: the others are not what is tested.
  const only = (all: typeof images) => ({ ...all, variants: all.variants.filter((variant) => variant.source.file === photo) });
  const { made, issues: problems } = await makeImages(only(images), openImageFiles(folder));
  expect(problems.map((issue) => issue.message)).toEqual([expect.stringMatching(/book-3\.jpg could not be read as an image: it changed while the build was running/)]);
  expect([...made.keys()].filter((file) => file.includes('book-3-'))).toEqual([]);
  const keys = new Set(images.variants.filter((variant) => variant.source.file === photo).map((variant) => variant.key));
  expect(keys.size).toBeGreaterThan(0);
  const kept = existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String) : [];
  expect(kept.filter((name) => keys.has(path.basename(name).split('.')[0]!))).toEqual([]);

  // The next build reads the new picture: its files are made, under the new bytes' keys.
  const next = await readImages(parse(readFileSync(contentFile, 'utf8')), contentFile);
  const again = await makeImages(only(next.images), openImageFiles(folder));
  expect(again.issues).toEqual([]);
  const cover = [...again.made].find(([file]) => file.includes('book-3-') && file.endsWith('.jpg'))!;
  expect(keys.has(next.images.variants.find((variant) => variant.file === cover[0])!.key)).toBe(false);
  const { dominant } = await sharp(readFileSync(cover[1].path)).stats();
  expect(dominant.b).toBeGreaterThan(dominant.r);
}, 120_000);
