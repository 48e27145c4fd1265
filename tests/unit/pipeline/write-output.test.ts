import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, test } from 'vitest';
import { recoverInterruptedWrite, writeOutput } from '../../../generator/pipeline/write-output.ts';
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
    writeOutput({
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

describe('writeOutput is atomic', () => {
  test('a successful write replaces out/ entirely and leaves nothing beside it', async () => {
    previousBuild();
    writeOutput({ outDir, files: [{ file: 'index.html', contents: 'new' }] });
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
    expect(() => writeOutput({ outDir, files })).toThrow();
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
    recoverInterruptedWrite(outDir);
    expect(hashTree(outDir)).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  test('the folders of a build still running are left alone', async () => {
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
      `import { writeOutput } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'generator', 'pipeline', 'write-output.ts')).href)};
const files = Array.from({ length: 4000 }, (_, i) => ({ file: 'f' + i + '/index.html', contents: 'x'.repeat(4096) }));
writeOutput({ outDir: ${JSON.stringify(outDir)}, files });
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
    writeOutput({ outDir, files: [{ file: 'index.html', contents: 'next build' }] });
    expect(leftovers()).toEqual([]);
  }, 60_000);
});
