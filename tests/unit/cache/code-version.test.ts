import { expect, test } from 'vitest';
import { compiledFrom } from '../../../generator/cache/code-version.ts';

/*
 * A compilation is kept under the version of the sources it was made from: sources saved
 * while it ran (an editor, a git checkout) are compiled again, never filed under the
 * version read before, which a later `git stash` or undo would bring back.
 */

/** Sources whose version moves on each time `save()` is called. */
function sources() {
  let version = 1;
  return { versionOf: () => `v${version}`, save: () => version++ };
}

test('sources left alone are compiled once, under their version', async () => {
  const site = sources();
  let runs = 0;
  expect(await compiledFrom('site/', site.versionOf, async () => `compiled ${++runs}`)).toEqual({ version: 'v1', compiled: 'compiled 1' });
});

test('sources saved while they compile are compiled again, and kept under the version they were read at', async () => {
  const site = sources();
  let runs = 0;
  const result = await compiledFrom('site/', site.versionOf, async () => {
    runs += 1;
    if (runs === 1) site.save();
    return `compiled from ${site.versionOf()}`;
  });
  expect(result).toEqual({ version: 'v2', compiled: 'compiled from v2' });
});

test('sources that keep changing are a plain problem, not a compilation filed under a wrong version', async () => {
  const site = sources();
  await expect(compiledFrom('site/', site.versionOf, async () => site.save())).rejects.toMatchObject({
    message: 'site/ changed while it was compiled, three times in a row',
    hint: 'Run the command again once the files are saved.',
  });
});
