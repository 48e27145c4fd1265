import { spawn, spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, test } from 'vitest';
import { openOutput, recoverInterruptedWrite, writeOutput } from '../../../generator/pipeline/write-output.ts';
import { hashTree } from '../../helpers/output.ts';
import { ROOT } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp.ts';

const dir = tempDir('site-write-');
const outDir = path.join(dir, 'out');

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

const leftovers = () => readdirSync(dir).filter((name) => name.startsWith('.out-'));

beforeEach(() => {
  for (const name of leftovers()) rmSync(path.join(dir, name), { recursive: true, force: true });
});

describe('writeOutput writes every file', () => {
  test('nested folders are created, and a file given as copyFrom is copied byte for byte', async () => {
    const source = path.join(dir, 'cached.png');
    writeFileSync(source, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    await writeOutput({
      outDir,
      files: [
        { file: 'course/12/index.html', contents: '<h1>course</h1>' },
        { file: 'social/course-12.png', contents: '', copyFrom: source },
        { file: 'a/b/c/d.txt', contents: new Uint8Array([104, 105]) },
      ],
    });
    expect(readFileSync(path.join(outDir, 'course', '12', 'index.html'), 'utf8')).toBe('<h1>course</h1>');
    expect([...readFileSync(path.join(outDir, 'social', 'course-12.png'))]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect(readFileSync(path.join(outDir, 'a', 'b', 'c', 'd.txt'), 'utf8')).toBe('hi');
  });
});

describe('a large site', () => {
  const spare = path.join(dir, '.out-spare');
  /** Writes `files` as a large site (every write keeps a spare), returning the writer's outcome. */
  const writeLarge = async (files: { file: string; contents: string; copyFrom?: string }[]) => {
    const writer = await openOutput({ outDir, keepSpareFrom: 1 });
    await writer.write(files);
    await writer.commit();
  };

  test('the replaced out/ is kept as the spare, and the next build writes over it: the same site as written from nothing', async () => {
    previousBuild();
    const card = path.join(dir, 'card.png');
    writeFileSync(card, 'png bytes');
    const first = [
      { file: 'index.html', contents: 'home 1' },
      { file: 'courses/a/index.html', contents: 'a 1' },
      { file: 'courses/b/index.html', contents: 'b 1' },
      { file: 'social/a.png', contents: '', copyFrom: card },
    ];
    await writeLarge(first);
    // The old site waits beside out/ for the next build.
    expect(leftovers()).toEqual(['.out-spare']);
    expect(readFileSync(path.join(spare, 'about', 'index.html'), 'utf8')).toBe('<h1>old about</h1>');
    await writeLarge(first);
    const second = [
      { file: 'index.html', contents: 'home 2' },
      { file: 'courses/a/index.html', contents: 'a 2' },
      { file: 'social/a.png', contents: '', copyFrom: card },
      { file: 'courses/c/deep/index.html', contents: 'c 2' },
    ];
    // The spare is now the first build's site: b is stale, c is new.
    await writeLarge(second);
    const expected = path.join(dir, 'expected');
    await writeOutput({ outDir: expected, files: second });
    expect(hashTree(outDir)).toEqual(hashTree(expected));
    rmSync(expected, { recursive: true });
    expect(leftovers()).toEqual(['.out-spare']);
  });

  test("a card in the spare already linked to its cache entry stays as it is; one linked to another entry, or a copy, is linked afresh", async () => {
    rmSync(spare, { recursive: true, force: true });
    const same = path.join(dir, 'same.png');
    const changed = path.join(dir, 'changed.png');
    const older = path.join(dir, 'older.png');
    writeFileSync(same, 'same card');
    writeFileSync(changed, 'new card');
    writeFileSync(older, 'old card');
    mkdirSync(path.join(spare, 'social'), { recursive: true });
    linkSync(same, path.join(spare, 'social', 'same.png'));
    linkSync(older, path.join(spare, 'social', 'changed.png'));
    const copy = path.join(dir, 'copy.png');
    writeFileSync(copy, 'copied card');
    writeFileSync(path.join(spare, 'social', 'copied.png'), 'copied card');
    const unchanged = statSync(path.join(spare, 'social', 'same.png'), { bigint: true });
    // Past the file system's clock tick: an unlink and a new link would change the inode's ctime.
    await new Promise((resolve) => setTimeout(resolve, 30));
    await writeLarge([
      { file: 'social/same.png', contents: '', copyFrom: same },
      { file: 'social/changed.png', contents: '', copyFrom: changed },
      { file: 'social/copied.png', contents: '', copyFrom: copy },
    ]);
    const kept = statSync(path.join(outDir, 'social', 'same.png'), { bigint: true });
    expect([kept.ino, kept.ctimeNs, kept.nlink]).toEqual([unchanged.ino, unchanged.ctimeNs, 2n]);
    expect(statSync(path.join(outDir, 'social', 'changed.png')).ino).toBe(statSync(changed).ino);
    expect(statSync(path.join(outDir, 'social', 'copied.png')).ino).toBe(statSync(copy).ino);
    expect(readFileSync(path.join(outDir, 'social', 'changed.png'), 'utf8')).toBe('new card');
    expect(readFileSync(older, 'utf8')).toBe('old card');
  });

  test('what sits in the spare where a folder or a file goes is replaced, and a link in it is never written through', async () => {
    const outside = path.join(dir, 'outside');
    rmSync(outside, { recursive: true, force: true });
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'index.html'), 'not ours');
    rmSync(spare, { recursive: true, force: true });
    mkdirSync(path.join(spare, 'was-a-folder'), { recursive: true });
    writeFileSync(path.join(spare, 'was-a-folder', 'old.html'), 'old');
    writeFileSync(path.join(spare, 'was-a-file'), 'old');
    // A card hard-linked from the cache: written over as a page, the cache keeps its bytes.
    const cached = path.join(dir, 'cached-card.png');
    writeFileSync(cached, 'cached bytes');
    linkSync(cached, path.join(spare, 'card.png'));
    symlinkSync(outside, path.join(spare, 'linked-folder'));
    symlinkSync(path.join(outside, 'index.html'), path.join(spare, 'linked-file.html'));
    await writeLarge([
      { file: 'was-a-folder', contents: 'now a file' },
      { file: 'was-a-file/index.html', contents: 'now in a folder' },
      { file: 'linked-folder/index.html', contents: 'ours' },
      { file: 'linked-file.html', contents: 'ours too' },
      { file: 'card.png', contents: 'a new card' },
    ]);
    expect(readFileSync(path.join(outside, 'index.html'), 'utf8')).toBe('not ours');
    expect(readFileSync(cached, 'utf8')).toBe('cached bytes');
    expect(readdirSync(outside)).toEqual(['index.html']);
    expect(hashTree(outDir)).toEqual(
      hashTree(
        await (async () => {
          const expected = path.join(dir, 'expected');
          await writeOutput({ outDir: expected, files: [
            { file: 'was-a-folder', contents: 'now a file' },
            { file: 'was-a-file/index.html', contents: 'now in a folder' },
            { file: 'linked-folder/index.html', contents: 'ours' },
            { file: 'linked-file.html', contents: 'ours too' },
            { file: 'card.png', contents: 'a new card' },
          ] });
          return expected;
        })(),
      ),
    );
    rmSync(path.join(dir, 'expected'), { recursive: true });
  });

  test('a small site written over a spare removes it; a failed large write leaves out/ untouched and keeps its folder as the spare', async () => {
    previousBuild();
    await writeLarge([{ file: 'index.html', contents: 'large' }]);
    expect(leftovers()).toEqual(['.out-spare']);
    await writeOutput({ outDir, files: [{ file: 'index.html', contents: 'small' }] });
    expect(leftovers()).toEqual([]);
    const before = hashTree(outDir);
    const writer = await openOutput({ outDir, keepSpareFrom: 1 });
    await expect(writer.write([{ file: 'clash', contents: 'a file' }, { file: 'clash/inside.html', contents: 'needs a folder' }])).rejects.toThrow();
    await writer.abort();
    expect(hashTree(outDir)).toEqual(before);
    expect(leftovers()).toEqual(['.out-spare']);
  });

  test('with a spare already there (another build), the replaced out/ is deleted by a background process', async () => {
    previousBuild();
    mkdirSync(spare);
    const writer = await openOutput({ outDir, keepSpareFrom: 1 });
    // This build takes the spare; another one finishing meanwhile leaves a new spare.
    mkdirSync(spare);
    await writer.write([{ file: 'index.html', contents: 'new home' }]);
    await writer.commit();
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe('new home');
    expect(Object.keys(hashTree(outDir))).toEqual(['index.html']);
    const deadline = Date.now() + 20_000;
    while (leftovers().length > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leftovers()).toEqual(['.out-spare']);
  }, 30_000);

  test('a trash folder a killed background deletion left is removed by the next write', async () => {
    previousBuild();
    const trash = path.join(dir, `.out-trash-${deadPid()}`);
    mkdirSync(path.join(trash, 'about'), { recursive: true });
    writeFileSync(path.join(trash, 'about', 'index.html'), 'half deleted');
    await writeOutput({ outDir, files: [{ file: 'index.html', contents: 'new' }] });
    expect(leftovers()).toEqual([]);
    expect(Object.keys(hashTree(outDir))).toEqual(['index.html']);
  });
});

describe('writeOutput is atomic', () => {
  test('a successful write replaces out/ entirely and leaves nothing beside it', async () => {
    previousBuild();
    await writeOutput({ outDir, files: [{ file: 'index.html', contents: 'new' }] });
    expect(Object.keys(hashTree(outDir))).toEqual(['index.html']);
    expect(leftovers()).toEqual([]);
  });

  test('an exception in the middle of writing leaves the previous out/ untouched and cleans up', async () => {
    const before = previousBuild();
    const files = [
      ...Array.from({ length: 50 }, (_, index) => ({ file: `page-${index}/index.html`, contents: `page ${index}` })),
      // A file and a folder of one name: the write fails part-way.
      { file: 'clash', contents: 'a file' },
      { file: 'clash/inside.html', contents: 'needs a folder' },
    ];
    await expect(writeOutput({ outDir, files })).rejects.toThrow();
    expect(hashTree(outDir)).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  test('a build killed between the two renames (out/ moved aside) gets its out/ back on the next run', async () => {
    const before = previousBuild();
    const aside = path.join(dir, `.out-previous-${deadPid()}`);
    const staging = path.join(dir, `.out-staging-${deadPid()}`);
    await import('node:fs/promises').then((fs) => fs.rename(outDir, aside));
    mkdirSync(staging);
    writeFileSync(path.join(staging, 'half.html'), 'half');
    await recoverInterruptedWrite(outDir);
    expect(hashTree(outDir)).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  test('the folders of a build still running are left alone', async () => {
    previousBuild();
    const mine = path.join(dir, `.out-staging-${process.pid}`);
    mkdirSync(mine);
    await recoverInterruptedWrite(outDir);
    expect(existsSync(mine)).toBe(true);
    rmSync(mine, { recursive: true });
  });

  test('SIGKILL in the middle of writing leaves the previous out/ untouched; the next write cleans up', async () => {
    const before = previousBuild();
    // A plain node child that writes a large site slowly enough to be killed.
    const script = path.join(dir, 'write-child.mjs');
    writeFileSync(
      script,
      `import { writeOutput } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'generator', 'pipeline', 'write-output.ts')).href)};
const files = Array.from({ length: 4000 }, (_, i) => ({ file: 'f' + i + '/index.html', contents: 'x'.repeat(4096) }));
await writeOutput({ outDir: ${JSON.stringify(outDir)}, files });
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
    await writeOutput({ outDir, files: [{ file: 'index.html', contents: 'next build' }] });
    expect(leftovers()).toEqual([]);
  }, 60_000);
});
