import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { build } from '../../../generator/build/build.ts';
import { contentCopy } from '../../helpers/cli.ts';
import { hashTree } from '../../helpers/output.ts';

/*
 * A file of generator/, site/ or templates/ saved while a build renders (an editor, a git
 * checkout): the pages are of no one version, and a record filing them under the version
 * read at the start would have a later build (after a git stash, an undo) keep them as
 * that version's. The build stops instead, with out/ and the record as they were.
 */

// The code's version as the build reads it, moved on by `saveCode()` from its next reading.
const code = vi.hoisted(() => ({ saved: 0, readsLeft: Infinity }));
vi.mock(import('../../../generator/cache/code-version.ts'), async (original) => {
  const actual = await original();
  return {
    ...actual,
    codeVersion: () => {
      if (code.readsLeft-- <= 0) code.saved += 1;
      return `${actual.codeVersion()}${code.saved ? `+${code.saved}` : ''}`;
    },
  };
});
/** The code is saved after the build has read its version `reads` more times. */
const saveCodeAfter = (reads: number) => (code.readsLeft = reads);

const LOGIN = { SITE_LOGIN_USERNAME: 'cli-visitor', SITE_LOGIN_PASSWORD: 'cli password 7' };
const work = contentCopy((source) => source.replace(/(\n {2}name: )(.*)/, '$1$2 Mid-build'));
const outDir = path.join(work.dir, 'out');
const cacheDir = path.join(work.dir, 'cache');
afterAll(() => rmSync(work.dir, { recursive: true, force: true }));

test('a file of the code saved while the site builds stops the build: out/ and the record stay as they were', async () => {
  await build({ contentFile: work.file, outDir, cacheDir, env: LOGIN });
  const before = hashTree(outDir);
  const record = readFileSync(path.join(cacheDir, 'record.json'));

  // The content edited, so that pages render; the code read once at the start (the
  // inputs), then saved: the look after the render sees it.
  writeFileSync(work.file, work.source.replace('Mid-build', 'Mid-build, edited'));
  saveCodeAfter(1);
  await expect(build({ contentFile: work.file, outDir, cacheDir, env: LOGIN })).rejects.toMatchObject({
    message: 'generator/, site/ or templates/ changed while the site was built, so out/ is left as it was',
    hint: 'Run site build again once the files are saved.',
  });
  expect(hashTree(outDir)).toEqual(before);
  expect(readFileSync(path.join(cacheDir, 'record.json'))).toEqual(record);
  expect(existsSync(path.join(work.dir, `.out-staging-${process.pid}`))).toBe(false);

  // Built again, once nothing moves: the new version's site.
  saveCodeAfter(Infinity);
  const again = await build({ contentFile: work.file, outDir, cacheDir, env: LOGIN });
  expect(again.upToDate).toBe(false);
  expect(again.changes.rendered.length).toBe(again.pages);
}, 120_000);
