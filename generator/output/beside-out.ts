import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isAlive } from '../cache/process-alive.ts';

/*
 * The folders beside out/ that writing it uses, all named after it (for out/: .out-…):
 * the spare (the out/ before last, which the next build puts its site together in), and,
 * while a build runs, its staging folder and the out/ it moved aside, named with its
 * process id so that a build killed mid-way can be told from one still running.
 */

/** The folders beside `outDir` (see above); `pid` names a build's own. */
export function besideOut(outDir: string, pid = process.pid) {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  return {
    spare: path.join(parent, `.${base}-spare`),
    staging: path.join(parent, `.${base}-staging-${pid}`),
    previous: path.join(parent, `.${base}-previous-${pid}`),
    /** What a discarded folder is renamed to, before the build's process id and a number. */
    trashPrefix: path.join(parent, `.${base}-trash-`),
  };
}

/** A folder's identity on disk (device and inode), or null when there is no such folder. */
export function folderId(dir: string): string | null {
  const stats = lstatSync(dir, { throwIfNoEntry: false });
  return stats?.isDirectory() ? `${stats.dev}:${stats.ino}` : null;
}

/**
 * Cleans up after a build that was killed (SIGKILL, power loss) while writing: removes
 * its half-written staging folder and, if it died between the renames of the swap (out/
 * moved aside, the new one not yet in place), puts the previous out/ back.
 */
export function recoverInterruptedWrite(outDir: string): void {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(staging|previous|trash)-(\\d+)(-\\d+)?$`);
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const entry of entries.sort()) {
    const match = pattern.exec(entry);
    if (!match || isAlive(Number(match[2]))) continue;
    const full = path.join(parent, entry);
    if (match[1] === 'previous' && !existsSync(outDir)) renameSync(full, outDir);
    else rmSync(full, { recursive: true, force: true });
  }
}

/** Names each folder a build discards apart. */
let discarded = 0;

/**
 * Deletes `folder` (beside `outDir`) from a detached child process, so this one can exit
 * at once. The folder is first renamed out of the way, to a name of this build's (so that
 * no other build takes it, and the next one removes what is left if the deletion dies).
 */
export function discardFolder(folder: string, outDir: string): void {
  const trash = `${besideOut(outDir).trashPrefix}${process.pid}-${(discarded += 1)}`;
  renameSync(folder, trash);
  const script = "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true, maxRetries: 3 });";
  spawn(process.execPath, ['-e', script, trash], { detached: true, stdio: 'ignore', windowsHide: true }).unref();
}

/** Removes `folder` and the folders above it, up to `root`, while they are empty. */
export function removeEmptyFolders(root: string, folder: string): void {
  for (let dir = folder; dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      return;
    }
  }
}
