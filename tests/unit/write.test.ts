import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { openOutput, recoverInterruptedWrite, writeOutput } from '../../generator/write.ts';
import { hashTree } from '../helpers/output.ts';
import { ROOT } from '../helpers/cli.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'site-write-'));
const outDir = path.join(dir, 'out');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
  test('the replaced out/ is deleted by a background process: the new one is in place at once, nothing is left after', async () => {
    previousBuild();
    const writer = await openOutput({ outDir, backgroundDeleteFrom: 1 });
    await writer.write([{ file: 'index.html', contents: 'new home' }]);
    await writer.commit();
    // The replaced site is still beside out/: a child process (which takes tens of
    // milliseconds just to start) deletes it, not this one.
    expect(leftovers()).toHaveLength(1);
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe('new home');
    expect(Object.keys(hashTree(outDir))).toEqual(['index.html']);
    const deadline = Date.now() + 20_000;
    while (leftovers().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leftovers()).toEqual([]);
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
    // Bundle write.ts for a plain node child that writes a large site slowly enough to be killed.
    const script = path.join(dir, 'write-child.mjs');
    await esbuild.build({ entryPoints: [path.join(ROOT, 'generator', 'write.ts')], bundle: true, platform: 'node', format: 'esm', outfile: path.join(dir, 'write.mjs'), logLevel: 'silent' });
    writeFileSync(
      script,
      `import { writeOutput } from './write.mjs';
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
