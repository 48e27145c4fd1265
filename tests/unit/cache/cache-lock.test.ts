import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { lockCache, STALE_MS } from '../../../generator/cache/cache-lock.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * One build at a time per cache, and a lock never blocks for ever: one that cannot be a
 * live build's is taken over, with a warning; one a live build holds is waited for.
 */

const dir = tempDir('site-lock-');

describe('the build cache lock', () => {
  test('a second build waits while the first holds the lock, told whose it is, and goes on once it is released', async () => {
    const cache = path.join(dir, 'held');
    const { release } = await lockCache(cache);
    const waitedFor: number[] = [];
    let taken = false;
    const second = lockCache(cache, { onWait: (pid) => waitedFor.push(pid) }).then((lock) => ((taken = true), lock));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(taken).toBe(false);
    expect(waitedFor).toEqual([process.pid]);
    release();
    (await second).release();
    expect(existsSync(path.join(cache, 'lock'))).toBe(false);
  });

  test('a build stopped for longer than a lock stays fresh (Ctrl+Z) finds its lock taken over, and its release leaves the new holder\'s', async () => {
    const cache = path.join(dir, 'stopped');
    const stopped = await lockCache(cache);
    // Untouched since before STALE_MS, as a stopped process leaves it.
    const then = new Date(Date.now() - STALE_MS - 5_000);
    utimesSync(path.join(cache, 'lock'), then, then);
    const warnings: string[] = [];
    const next = await lockCache(cache, { onTakeOver: (why) => warnings.push(why) });
    expect(warnings).toEqual([expect.stringMatching(/has not touched it for \d+ s$/)]);
    expect(stopped.held()).toBe(false);
    expect(next.held()).toBe(true);
    stopped.release();
    expect(next.held()).toBe(true);
    next.release();
    expect(existsSync(path.join(cache, 'lock'))).toBe(false);
  });

  test('a lock naming a process of this machine that is not running is taken over at once, with a warning that says so', async () => {
    const cache = path.join(dir, 'dead');
    mkdirSync(cache, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(path.join(cache, 'lock'), JSON.stringify({ host: hostname(), pid: dead }));
    const warnings: string[] = [];
    const { release } = await lockCache(cache, { onTakeOver: (why) => warnings.push(why) });
    expect(warnings).toEqual([expect.stringContaining(`process ${dead}, which held it, is not running`)]);
    release();
  });

  test('a lock that is a folder, or a file naming no build, is no lock a build writes: taken over', async () => {
    const cache = path.join(dir, 'odd');
    mkdirSync(path.join(cache, 'lock', 'inside'), { recursive: true });
    const warnings: string[] = [];
    (await lockCache(cache, { onTakeOver: (why) => warnings.push(why) })).release();
    expect(warnings).toEqual([expect.stringContaining('not a lock file a build writes')]);
  });

  test.runIf(process.platform !== 'win32')('a lock that is a named pipe is taken over, never read and waited on', () => {
    const cache = path.join(dir, 'pipe');
    mkdirSync(cache, { recursive: true });
    expect(spawnSync('mkfifo', [path.join(cache, 'lock')]).status).toBe(0);
    // In a process of its own: were the lock read to wait for a writer, this test would end
    // at the timeout rather than hold up every test after it.
    const script = `import { lockCache } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../../generator/cache/cache-lock.ts'))};
const { release } = await lockCache(process.argv[1], { onTakeOver: (why) => console.log(why) });
release();`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, cache], { encoding: 'utf8', timeout: 30_000 });
    expect(child.stderr).toBe('');
    expect(child.stdout).toMatch(/^took over the lock of the build cache in .*: it was not a lock file a build writes \(a folder, a link or a pipe\)\n$/);
    expect(existsSync(path.join(cache, 'lock'))).toBe(false);
  });

  test('a cache folder that is a file fails at once, never waits (site build refuses it before, in plain words)', async () => {
    const cache = path.join(dir, 'a-file');
    writeFileSync(cache, 'not a folder');
    await expect(lockCache(cache)).rejects.toThrow();
  });
});
