import { cpSync, mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { digest } from '../../../generator/cache/digest.ts';
import { folderId } from '../../../generator/output/beside-out.ts';
import { checkFolder, RACY_MS, type FolderState } from '../../../generator/output/folder-state.ts';
import { aMomentAgo } from '../../helpers/clock.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * What a folder a build wrote still holds as that build wrote it, told without reading
 * every file: by each file's status change time, which nothing sets back, and by listing
 * only the folders whose entries changed since. Whatever was done to it by hand, the look
 * finds it.
 */

const dir = tempDir('site-folder-state-');
const folder = path.join(dir, 'site');

/** Writes `files` into the folder; returns the record a build would keep of them. */
function writeFolder(files: Record<string, string>): Map<string, string> {
  rmSync(folder, { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
  return new Map(Object.entries(files).map(([file, text]) => [file, digest(text)]));
}

const SITE = { 'index.html': 'home', 'about/index.html': 'about', 'course/1/index.html': 'one', 'assets/main.js': 'code' };

/**
 * The state of a build that ended RACY_MS after writing the folder, looked at after that
 * end: its files are trusted by their time. Rather than wait, the look's clock (Date) is
 * moved past the end; the files' times stay the file system's.
 */
async function endedAMomentAgo(): Promise<FolderState> {
  const at = (await aMomentAgo()) + RACY_MS;
  vi.useFakeTimers({ toFake: ['Date'], now: at + 1 });
  return { folder: folderId(folder)!, at };
}

beforeEach(() => rmSync(folder, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

describe('checkFolder', () => {
  test('a folder as its build left it: every file held, no stray, the state kept as it was (nothing read)', async () => {
    const recorded = writeFolder(SITE);
    const state = await endedAMomentAgo();
    const found = checkFolder(folder, state, recorded)!;
    expect(found.held).toEqual(recorded);
    expect(found.strays).toEqual([]);
    expect(found.state).toBe(state);
  });

  test('a file changed, removed, or put back with its old modification time (cp -p): not held', async () => {
    const recorded = writeFolder(SITE);
    const state = await endedAMomentAgo();
    writeFileSync(path.join(folder, 'about/index.html'), 'defaced');
    rmSync(path.join(folder, 'course/1/index.html'));
    const old = new Date('2020-01-01T00:00:00Z');
    writeFileSync(path.join(folder, 'index.html'), 'home'); // the same bytes: held, checked by its bytes
    writeFileSync(path.join(folder, 'assets/main.js'), 'edit');
    utimesSync(path.join(folder, 'assets/main.js'), old, old);
    const found = checkFolder(folder, state, recorded)!;
    expect([...found.held.keys()].sort()).toEqual(['index.html']);
    // Bytes were read: the state is this look's, so the next look trusts what it checked.
    expect(found.state.at).toBeGreaterThan(state.at - RACY_MS);
  });

  test('entries added by hand (a file, a folder of files, a file where the record has a folder) are strays', async () => {
    const recorded = writeFolder(SITE);
    const state = await endedAMomentAgo();
    writeFileSync(path.join(folder, 'assets/stray.js'), 'alert(1)');
    mkdirSync(path.join(folder, 'course/999'));
    writeFileSync(path.join(folder, 'course/999/index.html'), 'a page no build made');
    rmSync(path.join(folder, 'about'), { recursive: true });
    writeFileSync(path.join(folder, 'about'), 'a file where a folder was');
    const found = checkFolder(folder, state, recorded)!;
    expect(found.strays.sort()).toEqual(['about', 'assets/stray.js', 'course/999']);
    expect(found.held.has('about/index.html')).toBe(false);
  });

  test('folders swapped by hand (mv), their files keeping their own times: what they hold is checked by its bytes, at any depth', async () => {
    const recorded = writeFolder({ ...SITE, 'course/1/video/index.html': 'one, the video', 'course/2/index.html': 'two', 'course/2/video/index.html': 'two, the video' });
    const state = await endedAMomentAgo();
    renameSync(path.join(folder, 'course/1'), path.join(folder, 'swap'));
    renameSync(path.join(folder, 'course/2'), path.join(folder, 'course/1'));
    renameSync(path.join(folder, 'swap'), path.join(folder, 'course/2'));
    const found = checkFolder(folder, state, recorded)!;
    expect([...found.held.keys()].sort()).toEqual(['about/index.html', 'assets/main.js', 'index.html']);
    expect(found.strays).toEqual([]);
    // Put back: every file held again, by its bytes.
    renameSync(path.join(folder, 'course/1'), path.join(folder, 'swap'));
    renameSync(path.join(folder, 'course/2'), path.join(folder, 'course/1'));
    renameSync(path.join(folder, 'swap'), path.join(folder, 'course/2'));
    expect(checkFolder(folder, state, recorded)!.held).toEqual(recorded);
  });

  test('a file written within RACY_MS of the build\'s end is checked by its bytes, so an edit in that window is still seen', () => {
    const recorded = writeFolder(SITE);
    // The build ended as it wrote its last file: no time is old enough to trust.
    const state = { folder: folderId(folder)!, at: Date.now() };
    writeFileSync(path.join(folder, 'about/index.html'), 'defaced at once');
    const found = checkFolder(folder, state, recorded)!;
    expect(found.held.has('about/index.html')).toBe(false);
    expect(found.held.has('index.html')).toBe(true);
  });

  test('a build that ended later than the clock now says (a fast clock set back since): no time is trusted, every file and folder is looked at', () => {
    const recorded = writeFolder(SITE);
    // The end as a clock an hour fast recorded it; the edits since, by the clock set right.
    const state = { folder: folderId(folder)!, at: Date.now() + 60 * 60 * 1000 };
    writeFileSync(path.join(folder, 'about/index.html'), 'defaced');
    writeFileSync(path.join(folder, 'assets/stray.js'), 'alert(1)');
    const found = checkFolder(folder, state, recorded)!;
    expect([...found.held.keys()].sort()).toEqual(['assets/main.js', 'course/1/index.html', 'index.html']);
    expect(found.strays).toEqual(['assets/stray.js']);
    // From now on its time is this look's, by the clock set right.
    expect(found.state.at).toBeLessThan(state.at);
  });

  test('another folder in its place (a backup put back, out/ swapped with its spare), or none: null', async () => {
    const recorded = writeFolder(SITE);
    const state = await endedAMomentAgo();
    cpSync(folder, `${folder}-copy`, { recursive: true, preserveTimestamps: true });
    rmSync(folder, { recursive: true });
    expect(checkFolder(folder, state, recorded)).toBeNull();
    renameSync(`${folder}-copy`, folder);
    expect(checkFolder(folder, state, recorded)).toBeNull();
    expect(checkFolder(folder, null, recorded)).toBeNull();
  });
});
