import { expect, test } from 'vitest';
import { fileSystemProblem } from '../../../generator/problems/file-system-problem.ts';

/** An error as Node's fs raises it. */
const systemError = (code: string, fields: { path?: string; dest?: string } = {}) => Object.assign(new Error(`${code}: failed`), { code, ...fields });

test('a full disk names the file it could not write (a copy: its target) and says to free space', () => {
  const full = fileSystemProblem(systemError('ENOSPC', { path: '/cache/images/a.png', dest: '/site/.out-staging-1/social/a.png' }));
  expect(full?.message).toBe('the disk is full: the build could not write /site/.out-staging-1/social/a.png');
  expect(full?.hint).toMatch(/^Free some space on that disk and build again/);
  // Writing to a file already open: no path to name.
  expect(fileSystemProblem(systemError('EDQUOT'))?.message).toBe('the disk is full: the build could not write its files');
});

test('a folder it may not write, or a read-only disk, points at --out and --cache-dir', () => {
  const denied = fileSystemProblem(systemError('EACCES', { path: '/srv/site/out' }));
  expect(denied?.message).toBe('permission denied (/srv/site/out)');
  expect(denied?.hint).toContain('--out and --cache-dir');
  expect(fileSystemProblem(systemError('EROFS', { path: '/mnt/out' }))?.message).toBe('the file system is read-only (/mnt/out)');
});

test('any other failure is not the disk: it stays an unexpected failure', () => {
  expect(fileSystemProblem(systemError('ENOENT', { path: '/missing' }))).toBeNull();
  // A port below 1024 refused to a user: not a folder's permission.
  expect(fileSystemProblem(Object.assign(systemError('EACCES'), { syscall: 'listen', address: '0.0.0.0', port: 80 }))).toBeNull();
  expect(fileSystemProblem(new TypeError('x is undefined'))).toBeNull();
  expect(fileSystemProblem('a string')).toBeNull();
});
