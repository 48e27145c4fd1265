import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileSystemProblem } from '../../../generator/problems/file-system-problem.ts';
import { runSite } from '../../helpers/cli.ts';
import { CAN_MOUNT, mountRamDisk, unmount } from '../../helpers/file-systems.ts';
import { tempDir } from '../../helpers/temp.ts';

/** An error as Node's fs raises it. */
const systemError = (code: string, fields: { path?: string; dest?: string } = {}) => Object.assign(new Error(`${code}: failed`), { code, ...fields });

test('a full disk names the file it could not write (a copy: its target) and says to free space', () => {
  const full = fileSystemProblem(systemError('ENOSPC', { path: '/cache/images/a.png', dest: '/site/.out-staging-1/social/a.png' }));
  expect(full?.message).toBe('the disk is full: the build could not write /site/.out-staging-1/social/a.png');
  expect(full?.hint).toMatch(/^Free some space on that disk and build again/);
  // Writing to a file already open: no path to name.
  expect(fileSystemProblem(systemError('EDQUOT'))?.message).toBe('the disk is full: the build could not write its files');
});

test('a path too long for the file system is said so, naming it, with shorter --out and --cache-dir to try (Node\'s rm says so without a code)', () => {
  const long = `/tmp/${'a'.repeat(4100)}/index.html`;
  for (const error of [systemError('ENAMETOOLONG', { path: long }), Object.assign(new Error(`, Unknown error: File name too long '${long}'`), { code: '', syscall: 'rm', path: long })]) {
    const problem = fileSystemProblem(error);
    expect(problem?.message).toBe(`a path is too long for the file system: ${long}`);
    expect(problem?.hint).toBe("Give --out and --cache-dir shorter paths: a site's files lie a few folders deeper.");
  }
});

test('a folder it may not write, or a read-only disk, points at --out and --cache-dir', () => {
  const denied = fileSystemProblem(systemError('EACCES', { path: '/srv/site/out' }));
  expect(denied?.message).toBe('permission denied (/srv/site/out)');
  expect(denied?.hint).toContain('--out and --cache-dir');
  expect(fileSystemProblem(systemError('EROFS', { path: '/mnt/out' }))?.message).toBe('the file system is read-only (/mnt/out)');
});

test('a folder that cannot be renamed (a mount point) is named, with what to do instead', () => {
  const busy = fileSystemProblem(Object.assign(systemError('EBUSY', { path: '/srv/out', dest: '/srv/.out-previous-1' }), { syscall: 'rename' }));
  expect(busy?.message).toBe('/srv/out is a mount point, or in use, so the build could not rename it');
  expect(busy?.hint).toContain('mount the folder above it instead, or give --out a folder inside the mount');
});

test('any other failure is not the disk: it stays an unexpected failure', () => {
  expect(fileSystemProblem(systemError('ENOENT', { path: '/missing' }))).toBeNull();
  // A port below 1024 refused to a user: not a folder's permission.
  expect(fileSystemProblem(Object.assign(systemError('EACCES'), { syscall: 'listen', address: '0.0.0.0', port: 80 }))).toBeNull();
  expect(fileSystemProblem(new TypeError('x is undefined'))).toBeNull();
  expect(fileSystemProblem('a string')).toBeNull();
});

describe('a read-only disk under --cache-dir or --out', () => {
  const mountPoint = tempDir('site-read-only-');
  // Mounted only when a test here runs (a run filtered to other tests runs neither hook).
  beforeAll(() => CAN_MOUNT && mountRamDisk(mountPoint, { readOnly: true }));
  afterAll(() => CAN_MOUNT && unmount(mountPoint));

  // The refusal is the disk's, and said so, naming the folder it refused.
  test.skipIf(!CAN_MOUNT)('is said in plain words, with the options to change; nothing is written elsewhere', async () => {
    const work = tempDir('site-writable-');
    for (const args of [
      ['--cache-dir', path.join(mountPoint, 'cache'), '--out', path.join(work, 'out')],
      ['--cache-dir', path.join(work, 'cache'), '--out', path.join(mountPoint, 'out')],
    ]) {
      const result = await runSite(['build', ...args]);
      expect(result.code).toBe(1);
      // The mount point, or the folder refused in it.
      expect(result.stderr).toMatch(new RegExp(`the file system is read-only \\(${mountPoint}(/[\\w.-]+)?\\)\\nhint: Build on a writable disk, or choose folders it can write with --out and --cache-dir\\.`));
      expect(result.stderr).not.toContain('unexpected failure');
    }
    expect(existsSync(path.join(work, 'out'))).toBe(false);
  }, 60_000);
});

test.skipIf(process.platform !== 'linux')('--out or --cache-dir where the file system takes no new folder (/proc) is a plain problem at once, never a hang', async () => {
  // Node's recursive mkdir loops for ever there, deaf to Ctrl+C; the timeout ends such a run.
  const dir = tempDir('site-proc-');
  for (const args of [['--out', '/proc/site-out'], ['--cache-dir', '/proc/site-cache', '--out', path.join(dir, 'out')]]) {
    const result = await runSite(['build', '--content', path.join(import.meta.dirname, '..', '..', '..', 'content.yaml'), ...args], { cwd: dir, timeoutMs: 60_000 });
    expect(result.timedOut).toBe(false);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^\/proc takes no new folder, so \/proc\/\S+ could not be made\nhint: It is not an ordinary disk/m);
  }
}, 150_000);
