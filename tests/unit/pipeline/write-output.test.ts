import { spawn, spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, test } from 'vitest';
import { digest } from '../../../generator/pipeline/digest.ts';
import { recoverInterruptedWrite } from '../../../generator/pipeline/out-folders.ts';
import { checkOut, lookAtOut, RACY_MS, type FileSource, type LastOutput } from '../../../generator/pipeline/last-output.ts';
import { openOutput } from '../../../generator/pipeline/write-output.ts';
import { aMomentAgo } from '../../helpers/clock.ts';
import { hashTree } from '../../helpers/output.ts';
import { ROOT } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp.ts';

const dir = tempDir('site-write-');
const outDir = path.join(dir, 'out');
const spareDir = path.join(dir, '.out-spare');

type Site = Record<string, string | Uint8Array>;

/** No file comes from elsewhere: every file of these sites is written with its bytes. */
const noSource: FileSource = (file) => {
  throw new Error(`${file} has no source`);
};

/**
 * One build's write, as the build does it: `site` is the whole new site; the files whose
 * bytes out/ does not hold are written, the others left for commit to take from out/.
 * Returns what commit reports, with what the next build is told of this one.
 */
function writeSite(site: Site, last: LastOutput | null = null) {
  const writer = openOutput({ outDir, last, source: noSource });
  const ids = new Map(Object.entries(site).map(([file, contents]) => [file, digest(contents)]));
  try {
    for (const [file, contents] of Object.entries(site)) if (writer.current(file) !== ids.get(file)) writer.write(file, ids.get(file)!, contents);
    const result = writer.commit(ids);
    const next: LastOutput = { files: ids, out: result.out, spare: result.spare };
    return { ...result, next };
  } catch (error) {
    writer.abort();
    throw error;
  }
}

/** The previous build: a few files whose hashes must survive every failure. */
function previousBuild(): Record<string, string> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(path.join(outDir, 'about'), { recursive: true });
  writeFileSync(path.join(outDir, 'index.html'), '<h1>old home</h1>');
  writeFileSync(path.join(outDir, 'about', 'index.html'), '<h1>old about</h1>');
  return hashTree(outDir);
}

/** A pid that is certainly not running: a child that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

/** `last` as the record of a build that ended a moment ago, after writing its files: they are trusted by their time. */
async function endedAMomentAgo(last: LastOutput): Promise<LastOutput> {
  return { ...last, out: { ...last.out!, at: (await aMomentAgo()) + RACY_MS } };
}

const leftovers = () => readdirSync(dir).filter((name) => name.startsWith('.out-') && name !== '.out-spare');
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

beforeEach(() => {
  for (const name of readdirSync(dir).filter((entry) => entry.startsWith('.out-'))) rmSync(path.join(dir, name), { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('the new out/ is every file of the site, and only those', () => {
  test('nested folders are created, and a file from the cache is copied byte for byte, never linked', () => {
    const cached = path.join(dir, 'cached.png');
    writeFileSync(cached, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    const source: FileSource = (file, id) => (file === 'social/course-12.png' && id === 'image:card' ? cached : id === digest('{}') ? new TextEncoder().encode('{}') : noSource(file, id));
    const writer = openOutput({ outDir, source });
    writer.write('course/12/index.html', digest('<h1>course</h1>'), '<h1>course</h1>');
    writer.write('a/b/c/d.txt', digest('hi'), new Uint8Array([104, 105]));
    const site = new Map([
      ['course/12/index.html', digest('<h1>course</h1>')],
      ['a/b/c/d.txt', digest('hi')],
      ['social/course-12.png', 'image:card'],
      ['index.json', digest('{}')],
    ]);
    writer.commit(site);
    expect(read('course/12/index.html')).toBe('<h1>course</h1>');
    expect([...readFileSync(path.join(outDir, 'social', 'course-12.png'))]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect(statSync(path.join(outDir, 'social', 'course-12.png')).ino).not.toBe(statSync(cached).ino);
    expect(read('a/b/c/d.txt')).toBe('hi');
    expect(read('index.json')).toBe('{}');
  });

  test('a second build writes only the files whose bytes changed, keeps the others and removes the files the site no longer has', () => {
    const first = writeSite({ 'index.html': 'home', 'about/index.html': 'about', 'course/1/index.html': 'one', 'course/2/index.html': 'two' });
    expect(first.written.sort()).toEqual(['about/index.html', 'course/1/index.html', 'course/2/index.html', 'index.html']);
    const second = writeSite({ 'index.html': 'home, edited', 'about/index.html': 'about', 'course/1/index.html': 'one' }, first.next);
    expect(second.written).toEqual(['index.html']);
    expect(second.removed).toEqual(['course/2/index.html']);
    expect(Object.keys(hashTree(outDir))).toEqual(['about/index.html', 'course/1/index.html', 'index.html']);
    expect(read('index.html')).toBe('home, edited');
    expect(read('about/index.html')).toBe('about');
    // No empty folder is left where the removed page was.
    expect(existsSync(path.join(outDir, 'course', '2'))).toBe(false);
  });

  test('a site that is out/ as it is touches nothing, not even the folder', () => {
    const first = writeSite({ 'index.html': 'home', 'about/index.html': 'about' });
    const folder = statSync(outDir).ino;
    const again = writeSite({ 'index.html': 'home', 'about/index.html': 'about' }, first.next);
    expect(again).toMatchObject({ written: [], removed: [] });
    expect(statSync(outDir).ino).toBe(folder);
    expect(checkOut(outDir, again.next, noSource)).not.toBeNull();
  });

  test('a build that changes nothing in out/ remembers it as found: checked by its bytes if too recent to trust by its time, else as the last build left it', async () => {
    // The record says the build ended as it wrote its last file: too recent to trust by time.
    const first = writeSite({ 'index.html': 'home', 'about/index.html': 'about' });
    const ended = Math.max(...['index.html', 'about/index.html'].map((file) => statSync(path.join(outDir, file)).ctimeMs));
    const racy: LastOutput = { ...first.next, out: { ...first.out, at: ended } };
    await aMomentAgo();
    const lookBegins = Date.now();
    const again = writeSite({ 'index.html': 'home', 'about/index.html': 'about' }, racy);
    expect(again).toMatchObject({ written: [], removed: [] });
    // As of this look, not of the build that wrote the files: the next build reads them
    // by their bytes only if they change again (or this look was within RACY_MS of them).
    expect(again.out.id).toBe(first.out.id);
    expect(again.out.at).toBeGreaterThanOrEqual(lookBegins);
    expect(checkOut(outDir, again.next, noSource)).not.toBeNull();
    // Files trusted by their time: the last build's state is kept as it was.
    const trusted = await endedAMomentAgo(first.next);
    expect(writeSite({ 'index.html': 'home', 'about/index.html': 'about' }, trusted).out).toEqual(trusted.out);
  });

  test('a file edited by hand in out/, even the moment the build ends, is told apart and written afresh', () => {
    const first = writeSite({ 'index.html': 'home', 'about/index.html': 'about' });
    writeFileSync(path.join(outDir, 'about', 'index.html'), 'defaced');
    expect(checkOut(outDir, first.next, noSource)).toBeNull();
    const second = writeSite({ 'index.html': 'home', 'about/index.html': 'about' }, first.next);
    expect(second.written).toEqual(['about/index.html']);
    expect(read('about/index.html')).toBe('about');
    expect(checkOut(outDir, second.next, noSource)).not.toBeNull();
  });

  test("a file known by what it is drawn from (a card, not a hash of its bytes) is checked against the cache's copy", () => {
    const cached = path.join(dir, 'card.png');
    writeFileSync(cached, 'card bytes');
    const source: FileSource = (file, id) => (id === 'image:card' ? cached : noSource(file, id));
    const site = new Map([['social/home.png', 'image:card']]);
    const writer = openOutput({ outDir, source });
    const { out, spare } = writer.commit(site);
    const last: LastOutput = { files: site, out, spare };
    expect(checkOut(outDir, last, source)).not.toBeNull();
    writeFileSync(path.join(outDir, 'social', 'home.png'), 'defaced');
    expect(checkOut(outDir, last, source)).toBeNull();
    const again = openOutput({ outDir, last, source });
    expect(again.commit(site).written).toEqual(['social/home.png']);
    expect(readFileSync(path.join(outDir, 'social', 'home.png'), 'utf8')).toBe('card bytes');
  });

  test('out/ checked by its bytes right after a build is remembered as checked, and an edit made after that is still told apart', () => {
    const first = writeSite({ 'index.html': 'home', 'about/index.html': 'about' });
    // Written a moment ago: too recent to trust by time, so checked by bytes, and the state moves on to this look.
    const checked = checkOut(outDir, first.next, noSource);
    expect(checked).not.toBeNull();
    expect(checked!.at).toBeGreaterThanOrEqual(first.next.out!.at);
    writeFileSync(path.join(outDir, 'about', 'index.html'), 'defaced');
    expect(checkOut(outDir, { ...first.next, out: checked }, noSource)).toBeNull();
  });

  test('a file removed from out/ or replaced by a folder is not trusted either', () => {
    const first = writeSite({ 'index.html': 'home', 'about/index.html': 'about' });
    rmSync(path.join(outDir, 'index.html'));
    expect(checkOut(outDir, first.next, noSource)).toBeNull();
    const second = writeSite({ 'index.html': 'home', 'about/index.html': 'about' }, first.next);
    expect(second.written).toEqual(['index.html']);
    expect(read('index.html')).toBe('home');
  });

  test('out/ looked at in a worker thread (a large site): the files their time does not vouch for are found, and only their bytes are read', async () => {
    // An out/ of 2,000 pages by a build that ended a moment after writing them; then three touched by hand.
    const site: Site = Object.fromEntries(Array.from({ length: 2000 }, (_, n) => [`page/${n}/index.html`, `page ${n}`]));
    const last = await endedAMomentAgo(writeSite(site).next);
    writeFileSync(path.join(outDir, 'page/1/index.html'), 'defaced');
    writeFileSync(path.join(outDir, 'page/2/index.html'), 'page 2'); // the same bytes, a new time
    rmSync(path.join(outDir, 'page/3/index.html'));
    const looked = await lookAtOut(outDir, last);
    expect([...looked!.untrusted].sort()).toEqual(['page/1/index.html', 'page/2/index.html', 'page/3/index.html']);
    const writer = openOutput({ outDir, last, source: noSource, looked });
    expect(writer.current('page/0/index.html')).toBe(digest('page 0'));
    expect(writer.current('page/1/index.html')).toBeUndefined();
    expect(writer.current('page/2/index.html')).toBe(digest('page 2'));
    expect(writer.current('page/3/index.html')).toBeUndefined();
    writer.abort();
  });

  test('a file put back with an old modification time (cp -p, rsync -t, an archive) is told apart all the same, in a worker or not', async () => {
    const site: Site = Object.fromEntries(Array.from({ length: 2000 }, (_, n) => [`page/${n}/index.html`, `page ${n}`]));
    const last = await endedAMomentAgo(writeSite(site).next);
    const file = path.join(outDir, 'page/1/index.html');
    writeFileSync(file, 'an old copy');
    const hourAgo = (Date.now() - 3600_000) / 1000;
    utimesSync(file, hourAgo, hourAgo);
    expect(checkOut(outDir, last, noSource)).toBeNull();
    const looked = await lookAtOut(outDir, last);
    expect([...looked!.untrusted]).toEqual(['page/1/index.html']);
    const writer = openOutput({ outDir, last, source: noSource, looked });
    expect(writer.current('page/1/index.html')).toBeUndefined();
    expect(writer.current('page/0/index.html')).toBe(digest('page 0'));
    writer.abort();
  });

  test('the replaced out/ is kept beside it as the spare the next build puts its site together in', () => {
    const first = writeSite({ 'index.html': 'v1', 'about/index.html': 'about' });
    const second = writeSite({ 'index.html': 'v2', 'about/index.html': 'about' }, first.next);
    expect(existsSync(spareDir)).toBe(true);
    expect(second.spare).not.toBeNull();
    const spareFolder = statSync(spareDir).ino;
    const third = writeSite({ 'index.html': 'v3', 'about/index.html': 'about' }, second.next);
    expect(third.written).toEqual(['index.html']);
    // The spare became the new out/: no folder of the site was made from nothing.
    expect(statSync(outDir).ino).toBe(spareFolder);
    expect(Object.keys(hashTree(outDir))).toEqual(['about/index.html', 'index.html']);
    expect(read('index.html')).toBe('v3');
  });

  test('a page removed two builds ago does not come back from the spare', () => {
    const first = writeSite({ 'index.html': 'v1', 'about/index.html': 'about', 'old/index.html': 'old' });
    const second = writeSite({ 'index.html': 'v2', 'about/index.html': 'about' }, first.next);
    writeSite({ 'index.html': 'v3', 'about/index.html': 'about' }, second.next);
    expect(Object.keys(hashTree(outDir))).toEqual(['about/index.html', 'index.html']);
    expect(existsSync(path.join(outDir, 'old'))).toBe(false);
  });

  test("a spare the build knows nothing of (no record of it) is discarded: out/ ends with the site's files and no others", () => {
    const first = writeSite({ 'index.html': 'v1', 'a/index.html': 'a', 'b/index.html': 'b' });
    writeSite({ 'index.html': 'v2', 'a/index.html': 'a' }, first.next);
    expect(existsSync(spareDir)).toBe(true);
    writeSite({ 'index.html': 'v3', 'c/index.html': 'c' }, null);
    expect(Object.keys(hashTree(outDir))).toEqual(['c/index.html', 'index.html']);
    expect(read('index.html')).toBe('v3');
    expect(existsSync(path.join(outDir, 'a'))).toBe(false);
  });

  test('a file of the spare that has another name elsewhere is replaced, never written through', () => {
    const first = writeSite({ 'index.html': 'v1', 'about/index.html': 'about v1' });
    const second = writeSite({ 'index.html': 'v2', 'about/index.html': 'about v1' }, first.next);
    // Someone hard-linked a file of the spare (the out/ before last) into a folder of their own.
    const theirs = path.join(dir, 'kept-about.html');
    rmSync(theirs, { force: true });
    linkSync(path.join(spareDir, 'about', 'index.html'), theirs);
    writeSite({ 'index.html': 'v3', 'about/index.html': 'about v3' }, second.next);
    expect(read('about/index.html')).toBe('about v3');
    expect(readFileSync(theirs, 'utf8')).toBe('about v1');
  });
});

describe('writing is atomic', () => {
  test('an exception in the middle of writing leaves the previous out/ untouched and cleans up', async () => {
    const before = previousBuild();
    const site: Site = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`page-${index}/index.html`, `page ${index}`]));
    // A file and a folder of one name: the write fails part-way.
    site['clash'] = 'a file';
    site['clash/inside.html'] = 'needs a folder';
    expect(() => writeSite(site)).toThrow();
    expect(hashTree(outDir)).toEqual(before);
    // The half-written folder is deleted by a process of its own, so the failed build can exit at once.
    await expect.poll(leftovers, { timeout: 30_000 }).toEqual([]);
  });

  test('a build killed between the two renames (out/ moved aside) gets its out/ back on the next run', async () => {
    const before = previousBuild();
    const aside = path.join(dir, `.out-previous-${deadPid()}`);
    const staging = path.join(dir, `.out-staging-${deadPid()}`);
    await import('node:fs/promises').then((fs) => fs.rename(outDir, aside));
    mkdirSync(staging);
    writeFileSync(path.join(staging, 'half.html'), 'half');
    recoverInterruptedWrite(outDir);
    expect(hashTree(outDir)).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  test('the folders of a build still running are left alone', () => {
    previousBuild();
    const mine = path.join(dir, `.out-staging-${process.pid}`);
    mkdirSync(mine);
    recoverInterruptedWrite(outDir);
    expect(existsSync(mine)).toBe(true);
    rmSync(mine, { recursive: true });
  });

  test('SIGKILL in the middle of writing leaves the previous out/ untouched; the next write cleans up', async () => {
    const before = previousBuild();
    // A plain node child that writes a large site slowly enough to be killed.
    const script = path.join(dir, 'write-child.mjs');
    writeFileSync(
      script,
      `import { openOutput } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'generator', 'pipeline', 'write-output.ts')).href)};
const writer = openOutput({ outDir: ${JSON.stringify(outDir)}, source: () => { throw new Error('no source'); } });
const site = new Map();
for (let i = 0; i < 4000; i += 1) { writer.write('f' + i + '/index.html', 'id' + i, 'x'.repeat(4096)); site.set('f' + i + '/index.html', 'id' + i); }
writer.commit(site);
`,
    );
    const child = spawn(process.execPath, [script], { stdio: 'ignore' });
    const staging = path.join(dir, `.out-staging-${child.pid}`);
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (existsSync(staging) && readdirSync(staging).length >= 20) {
          clearInterval(poll);
          child.kill('SIGKILL');
          resolve();
        } else if (Date.now() - started > 20_000 || child.exitCode !== null) {
          clearInterval(poll);
          reject(new Error('the child finished or never started writing'));
        }
      }, 2);
    });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(child.signalCode).toBe('SIGKILL');
    expect(hashTree(outDir)).toEqual(before);
    expect(leftovers()).toEqual([`.out-staging-${child.pid}`]);
    writeSite({ 'index.html': 'next build' });
    expect(leftovers()).toEqual([]);
  }, 60_000);
});
