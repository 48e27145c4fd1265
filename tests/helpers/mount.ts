import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * File systems of their own for tests that need one (a read-only disk, a mount point as
 * out/): where this machine lets a test mount one, root on Linux. Elsewhere those tests
 * are skipped.
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
