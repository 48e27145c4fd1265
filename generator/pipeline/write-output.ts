import { spawn } from 'node:child_process';
import { constants, copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../output-file.ts';

/*
 * The new out/ is written beside the old one, and nothing is visible until `commit`, which
 * swaps the two folders with two renames. Writes are synchronous and happen as each file
 * is made: the build holds no page longer than it takes to write it, and its memory does
 * not wait on the disk.
 */

/** A new out/ being written beside the old one. */
export interface OutputWriter {
  /** Writes files into the staging folder, creating folders as needed. */
  write(files: readonly OutputFile[]): void;
  /** Replaces out/ with everything written, in two renames. */
  commit(): void;
  /** Throws away everything written; out/ stays as it was. */
  abort(): void;
}

/** From this many files, the replaced out/ is deleted by a background process, so the build can exit at once. */
export const DELETE_IN_BACKGROUND_FROM = 2000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Cleans up after a build that was killed (SIGKILL, power loss) while writing: removes
 * its half-written staging folder and, if it died between the two renames of the swap
 * (out/ moved aside, the new one not yet in place), puts the previous out/ back.
 */
export function recoverInterruptedWrite(outDir: string): void {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(staging|previous|trash)-(\\d+)$`);
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

/**
 * Deletes `folder` from a detached child process, so this one can exit at once. The child
 * first renames it to `trashPrefix` + its own pid: while it runs, no build touches that
 * name; if it dies, the next build removes what is left (recoverInterruptedWrite).
 */
function deleteInBackground(folder: string, trashPrefix: string): void {
  const script =
    "const fs = require('node:fs'); const [from, prefix] = process.argv.slice(1); const to = prefix + process.pid;" +
    'try { fs.renameSync(from, to); } catch { process.exit(0); } fs.rmSync(to, { recursive: true, force: true, maxRetries: 3 });';
  spawn(process.execPath, ['-e', script, folder, trashPrefix], { detached: true, stdio: 'ignore', windowsHide: true }).unref();
}

/**
 * Opens a staging folder beside `outDir`. A build that fails or is killed before `commit`
 * leaves the previous out/ exactly as it was; one killed between the two renames of the
 * swap is repaired by the next build (recoverInterruptedWrite).
 */
export function openOutput(options: { outDir: string }): OutputWriter {
  const outDir = path.resolve(options.outDir);
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const staging = path.join(parent, `.${base}-staging-${process.pid}`);
  const previous = path.join(parent, `.${base}-previous-${process.pid}`);
  recoverInterruptedWrite(outDir);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const files = new Set<string>();
  const folders = new Set<string>([staging]);
  const ensureFolder = (folder: string): void => {
    if (folders.has(folder)) return;
    if (files.has(folder)) throw new Error(`${folder} is written both as a file and as a folder`);
    ensureFolder(path.dirname(folder));
    mkdirSync(folder);
    folders.add(folder);
  };
  return {
    write(batch) {
      for (const file of batch) {
        const target = path.join(staging, file.file);
        if (folders.has(target) || files.has(target)) throw new Error(`${target} is written twice, or both as a file and as a folder`);
        ensureFolder(path.dirname(target));
        files.add(target);
        if (!file.copyFrom) writeFileSync(target, file.contents, { flag: 'wx' });
        else {
          // A hard link: the cache is content-addressed and only ever replaced by rename, never
          // edited, so sharing the inode is safe and costs no copy (pnpm's store works the same
          // way). Across file systems, or where links are not allowed, a copy.
          try {
            linkSync(file.copyFrom, target);
          } catch {
            copyFileSync(file.copyFrom, target, constants.COPYFILE_FICLONE);
          }
        }
      }
    },
    commit() {
      let hadPrevious = true;
      try {
        renameSync(outDir, previous);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        hadPrevious = false;
      }
      try {
        renameSync(staging, outDir);
      } catch (error) {
        if (hadPrevious) renameSync(previous, outDir);
        throw error;
      }
      if (!hadPrevious) return;
      if (files.size >= DELETE_IN_BACKGROUND_FROM) deleteInBackground(previous, path.join(parent, `.${base}-trash-`));
      else rmSync(previous, { recursive: true, force: true });
    },
    abort() {
      rmSync(staging, { recursive: true, force: true });
    },
  };
}

/** Writes a whole site atomically (see openOutput). */
export function writeOutput(options: { outDir: string; files: readonly OutputFile[] }): void {
  const writer = openOutput(options);
  try {
    writer.write(options.files);
    writer.commit();
  } catch (error) {
    writer.abort();
    throw error;
  }
}
