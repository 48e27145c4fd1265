import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, test } from 'vitest';
import { digest } from '../../../generator/cache/digest.ts';
import { recoverInterruptedWrite } from '../../../generator/output/beside-out.ts';
import { openOutput, type LastOutput } from '../../../generator/output/write-output.ts';
import { ROOT } from '../../helpers/cli.ts';
import { hashTree } from '../../helpers/output.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * out/ is replaced whole: the new site is put together beside it (in the spare, the out/
 * before last, when there is one) and swapped in with two renames. What visitors are
 * served is always a whole site, the last or the new.
 */

const dir = tempDir('site-write-');
const outDir = path.join(dir, 'out');
const spareDir = path.join(dir, '.out-spare');

type Site = Record<string, string>;

/**
 * One build's write, as the build does it: the spare looked at against the last build's
 * record, every file of `site` put (written only where staging does not hold it already),
 * and the whole committed. Returns what commit reports, with the record the next build reads.
 */
async function writeSite(site: Site, last: LastOutput | null = null) {
  const writer = openOutput({ outDir, last });
  const ids = new Map(Object.entries(site).map(([file, contents]) => [file, digest(contents)]));
  try {
    for (const [file, contents] of Object.entries(site)) writer.write(file, ids.get(file)!, contents);
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

const leftovers = () => readdirSync(dir).filter((name) => name.startsWith('.out-') && name !== '.out-spare');
/** How hashTree names a file's bytes. */
const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

beforeEach(() => {
  for (const name of readdirSync(dir).filter((entry) => entry.startsWith('.out-'))) rmSync(path.join(dir, name), { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('the new out/ is every file of the site, and only those', () => {
  test('nested folders are made; a file copied from the cache is linked where it can be, and written bytes are written', () => {
    const cached = path.join(dir, 'cached.png');
    writeFileSync(cached, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    const writer = openOutput({ outDir, last: null });
    writer.write('course/12/index.html', digest('<h1>course</h1>'), '<h1>course</h1>');
    writer.write('a/b/c/d.txt', digest('hi'), new Uint8Array([104, 105]));
    writer.copy('social/course-12.png', digest(readFileSync(cached)), cached);
    const site = new Map([
      ['course/12/index.html', digest('<h1>course</h1>')],
      ['a/b/c/d.txt', digest('hi')],
      ['social/course-12.png', digest(readFileSync(cached))],
    ]);
    const committed = writer.commit(site);
    expect(committed.written.sort()).toEqual([...site.keys()].sort());
    expect(read('course/12/index.html')).toBe('<h1>course</h1>');
    expect([...readFileSync(path.join(outDir, 'social', 'course-12.png'))]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect(read('a/b/c/d.txt')).toBe('hi');
    expect(Object.keys(hashTree(outDir)).sort()).toEqual([...site.keys()].sort());
  });

  test('a commit naming a file that was never put fails, and out/ stays as it was', () => {
    const before = previousBuild();
    const writer = openOutput({ outDir, last: null });
    writer.write('index.html', digest('new'), 'new');
    expect(() => writer.commit(new Map([['index.html', digest('new')], ['missing.html', digest('x')]]))).toThrow(/missing\.html was never put/);
    writer.abort();
    expect(hashTree(outDir)).toEqual(before);
  });

  test('build after build: only what changed is written, the files the site no longer has go, and no empty folder is left', async () => {
    const first = await writeSite({ 'index.html': 'home', 'about/index.html': 'about', 'course/1/index.html': 'one', 'course/2/index.html': 'two' });
    expect(first.written.sort()).toEqual(['about/index.html', 'course/1/index.html', 'course/2/index.html', 'index.html']);
    const second = await writeSite({ 'index.html': 'home, edited', 'about/index.html': 'about', 'course/1/index.html': 'one' }, first.next);
    expect(second.written).toEqual(['index.html']);
    expect(second.removed).toEqual(['course/2/index.html']);
    expect(Object.keys(hashTree(outDir)).sort()).toEqual(['about/index.html', 'course/1/index.html', 'index.html']);
    expect(read('index.html')).toBe('home, edited');
    expect(existsSync(path.join(outDir, 'course', '2'))).toBe(false);
    // The third build puts its site together in the spare (the out/ before last): no folder made from nothing.
    const spareFolder = statSync(spareDir).ino;
    const third = await writeSite({ 'index.html': 'home, edited twice', 'about/index.html': 'about', 'course/1/index.html': 'one' }, second.next);
    expect(third.written).toEqual(['index.html']);
    expect(statSync(outDir).ino).toBe(spareFolder);
    expect(Object.keys(hashTree(outDir)).sort()).toEqual(['about/index.html', 'course/1/index.html', 'index.html']);
  });

  test('a page removed two builds ago does not come back from the spare', async () => {
    const first = await writeSite({ 'index.html': 'v1', 'about/index.html': 'about', 'old/index.html': 'old' });
    const second = await writeSite({ 'index.html': 'v2', 'about/index.html': 'about' }, first.next);
    await writeSite({ 'index.html': 'v3', 'about/index.html': 'about' }, second.next);
    expect(Object.keys(hashTree(outDir)).sort()).toEqual(['about/index.html', 'index.html']);
    expect(existsSync(path.join(outDir, 'old'))).toBe(false);
  });

  test('a file of the spare changed, removed or added by hand after the build that left it is put right', async () => {
    const first = await writeSite({ 'index.html': 'v1', 'about/index.html': 'about', 'faq/index.html': 'faq' });
    const second = await writeSite({ 'index.html': 'v2', 'about/index.html': 'about', 'faq/index.html': 'faq' }, first.next);
    writeFileSync(path.join(spareDir, 'about', 'index.html'), 'defaced');
    rmSync(path.join(spareDir, 'faq', 'index.html'));
    mkdirSync(path.join(spareDir, 'assets'));
    writeFileSync(path.join(spareDir, 'assets', 'stray.js'), 'alert(1)');
    const third = await writeSite({ 'index.html': 'v3', 'about/index.html': 'about', 'faq/index.html': 'faq' }, second.next);
    expect(hashTree(outDir)).toEqual({ 'about/index.html': digestOf('about'), 'faq/index.html': digestOf('faq'), 'index.html': digestOf('v3') });
    expect(third.written).toEqual(['index.html']);
  });

  test("a spare the build knows nothing of (no record of it, or --no-cache) is known by its bytes: out/ ends with the site's files, right, and no others", async () => {
    const first = await writeSite({ 'index.html': 'v1', 'a/index.html': 'a', 'b/index.html': 'b' });
    await writeSite({ 'index.html': 'v2', 'a/index.html': 'a' }, first.next);
    expect(existsSync(spareDir)).toBe(true);
    writeFileSync(path.join(spareDir, 'a', 'index.html'), 'damaged');
    await writeSite({ 'index.html': 'v3', 'a/index.html': 'a', 'c/index.html': 'c' }, null);
    expect(hashTree(outDir)).toEqual({ 'a/index.html': digestOf('a'), 'c/index.html': digestOf('c'), 'index.html': digestOf('v3') });
    expect(existsSync(path.join(outDir, 'b'))).toBe(false);
  });

  test('a file where a folder of the site goes, above another folder (course/ where course/1/ goes), is replaced, known or not', async () => {
    const site = { 'index.html': 'home', 'course/1/index.html': 'one', 'course/2/index.html': 'two' };
    for (const known of [true, false]) {
      const first = await writeSite(site);
      const second = await writeSite({ ...site, 'index.html': 'home v2' }, first.next);
      // By hand in out/, which the next build keeps as its spare; then in the spare itself.
      rmSync(path.join(outDir, 'course'), { recursive: true });
      writeFileSync(path.join(outDir, 'course'), 'a file');
      const third = await writeSite({ ...site, 'index.html': 'home v3' }, known ? second.next : null);
      expect(hashTree(outDir), `known: ${known}`).toEqual({ 'index.html': digestOf('home v3'), 'course/1/index.html': digestOf('one'), 'course/2/index.html': digestOf('two') });
      rmSync(path.join(spareDir, 'course'), { recursive: true, force: true });
      writeFileSync(path.join(spareDir, 'course'), 'a file');
      await writeSite({ ...site, 'index.html': 'home v4' }, known ? third.next : null);
      expect(hashTree(outDir), `known: ${known}`).toEqual({ 'index.html': digestOf('home v4'), 'course/1/index.html': digestOf('one'), 'course/2/index.html': digestOf('two') });
      rmSync(outDir, { recursive: true });
      rmSync(spareDir, { recursive: true, force: true });
    }
  });

  test('a spare emptied, or replaced by a file, is no trouble: the site is whole', async () => {
    const first = await writeSite({ 'index.html': 'v1', 'a/index.html': 'a' });
    const second = await writeSite({ 'index.html': 'v2', 'a/index.html': 'a' }, first.next);
    rmSync(spareDir, { recursive: true });
    mkdirSync(spareDir);
    const third = await writeSite({ 'index.html': 'v3', 'a/index.html': 'a' }, second.next);
    expect(hashTree(outDir)).toEqual({ 'a/index.html': digestOf('a'), 'index.html': digestOf('v3') });
    rmSync(spareDir, { recursive: true });
    writeFileSync(spareDir, 'not a folder');
    await writeSite({ 'index.html': 'v4', 'a/index.html': 'a' }, third.next);
    expect(hashTree(outDir)).toEqual({ 'a/index.html': digestOf('a'), 'index.html': digestOf('v4') });
  });

  test('a file of the spare that has another name elsewhere is replaced, never written through', async () => {
    const first = await writeSite({ 'index.html': 'v1', 'about/index.html': 'about v1' });
    const second = await writeSite({ 'index.html': 'v2', 'about/index.html': 'about v1' }, first.next);
    // Someone hard-linked a file of the spare (the out/ before last) into a folder of their own.
    const theirs = path.join(dir, 'kept-about.html');
    rmSync(theirs, { force: true });
    linkSync(path.join(spareDir, 'about', 'index.html'), theirs);
    await writeSite({ 'index.html': 'v3', 'about/index.html': 'about v3' }, second.next);
    expect(read('about/index.html')).toBe('about v3');
    expect(readFileSync(theirs, 'utf8')).toBe('about v1');
  });
});

describe('writing is atomic', () => {
  test('an exception in the middle of writing leaves the previous out/ untouched; what was put together is kept as the spare', async () => {
    const before = previousBuild();
    const site: Site = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`page-${index}/index.html`, `page ${index}`]));
    // A file and a folder of one name: the write fails part-way.
    site['clash'] = 'a file';
    site['clash/inside.html'] = 'needs a folder';
    await expect(writeSite(site)).rejects.toThrow();
    expect(hashTree(outDir)).toEqual(before);
    expect(leftovers()).toEqual([]);
    // The next build, knowing nothing of that spare, checks it by its bytes and ends right.
    await writeSite({ 'index.html': 'home', 'page-1/index.html': 'page 1' });
    expect(hashTree(outDir)).toEqual({ 'index.html': digestOf('home'), 'page-1/index.html': digestOf('page 1') });
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
      `import { openOutput } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'generator', 'output', 'write-output.ts')).href)};
const writer = openOutput({ outDir: ${JSON.stringify(outDir)}, last: null, spareCheck: null });
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
    await writeSite({ 'index.html': 'next build' });
    expect(leftovers()).toEqual([]);
    expect(hashTree(outDir)).toEqual({ 'index.html': digestOf('next build') });
  }, 60_000);
});
