import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * What tests of the disk's refusals need: file systems of their own (a read-only disk, a
 * mount point as out/), and folders no one may write in, root included (Linux's immutable
 * attribute, as root refuses nothing by permission). Where this machine does not let a
 * test do that (root on Linux), those tests are skipped.
 */

/** Whether a test may mount a file system here; tried once, with a small RAM disk. */
export const CAN_MOUNT: boolean = (() => {
  const probe = mkdtempSync(path.join(os.tmpdir(), 'site-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

/** Mounts a RAM disk at `dir` (`readOnly`: read-only). */
export function mountRamDisk(dir: string, options: { readOnly?: boolean } = {}): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `${options.readOnly ? 'ro,' : ''}size=64m`, 'tmpfs', dir]);
}

/** Mounts the folder `from` at `dir` too (a bind mount: the same disk). */
export function mountBind(from: string, dir: string): void {
  execFileSync('mount', ['--bind', from, dir]);
}

export function unmount(dir: string): void {
  execFileSync('umount', [dir]);
}

/** Whether a test may make a folder immutable here (chattr +i: root, on a file system that has the attribute). */
export const CAN_FREEZE: boolean = (() => {
  const probe = mkdtempSync(path.join(os.tmpdir(), 'site-freeze-probe-'));
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

/** Makes `dir` immutable: nothing is added, removed or renamed in it, by anyone. */
export function freeze(dir: string): void {
  execFileSync('chattr', ['+i', dir]);
}

export function thaw(dir: string): void {
  execFileSync('chattr', ['-i', dir]);
}
