import { spawn } from 'node:child_process';
import { copyFile, constants as fsConstants, existsSync, link, mkdir as mkdirCallback, writeFile as writeFileCallback } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from './render.ts';

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
export async function recoverInterruptedWrite(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(staging|previous|trash)-(\\d+)$`);
  const entries = await readdir(parent).catch(() => [] as string[]);
  for (const entry of entries.sort()) {
    const match = pattern.exec(entry);
    if (!match || isAlive(Number(match[2]))) continue;
    const full = path.join(parent, entry);
    if (match[1] === 'previous' && !existsSync(outDir)) await rename(full, outDir);
    else await rm(full, { recursive: true, force: true });
  }
}

/** A new out/ being written beside the old one; nothing is visible until `commit`. */
export interface OutputWriter {
  /**
   * Writes files into the staging folder (creating folders as needed). Calls may overlap:
   * the build starts a batch's write and renders the next batch before awaiting it.
   */
  write(files: readonly OutputFile[]): Promise<void>;
  /** Replaces out/ with everything written, in two renames. */
  commit(): Promise<void>;
  /** Throws away everything written; out/ stays as it was. */
  abort(): Promise<void>;
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

/** From this many files written, the replaced out/ is deleted in the background (see commit). */
export const BACKGROUND_DELETE_FROM = 2000;

/**
 * Opens a staging folder beside `outDir`. A build that fails or is killed before
 * `commit` leaves the previous out/ exactly as it was; one killed between the two
 * renames of the swap is repaired by the next build (recoverInterruptedWrite).
 * From `backgroundDeleteFrom` files written, the replaced out/ is deleted by a background
 * process after the swap.
 */
export async function openOutput(options: { outDir: string; backgroundDeleteFrom?: number }): Promise<OutputWriter> {
  const outDir = path.resolve(options.outDir);
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const staging = path.join(parent, `.${base}-staging-${process.pid}`);
  const previous = path.join(parent, `.${base}-previous-${process.pid}`);
  await recoverInterruptedWrite(outDir);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const made = new Map<string, Promise<void>>([[staging, Promise.resolve()]]);
  const ensureFolder = (folder: string): Promise<void> => {
    let ready = made.get(folder);
    if (!ready) {
      ready = ensureFolder(path.dirname(folder)).then(() => new Promise<void>((resolve, reject) => mkdirCallback(folder, (error) => (error ? reject(error) : resolve()))));
      made.set(folder, ready);
    }
    return ready;
  };
  let written = 0;
  return {
    async write(files) {
      // Folders and files on libuv's thread pool with plain callbacks, so the caller can
      // render the next batch meanwhile. Each folder is made once, after its parent (one
      // system call; a recursive mkdir takes several), and each file after its folder.
      written += files.length;
      await Promise.all(
        files.map((file) =>
          ensureFolder(path.dirname(path.join(staging, file.file))).then(
            () =>
              new Promise<void>((resolve, reject) => {
                const done = (error: NodeJS.ErrnoException | null) => (error ? reject(error) : resolve());
                const target = path.join(staging, file.file);
                if (file.copyFrom) {
                  // A hard link: the cache is content-addressed and only ever replaced by
                  // rename, never edited, so sharing the inode is safe and costs no copy
                  // (pnpm's store works the same way). Across file systems, or where links
                  // are not allowed, a copy (copy-on-write where supported).
                  const from = file.copyFrom;
                  link(from, target, (error) => (error ? copyFile(from, target, fsConstants.COPYFILE_FICLONE, done) : done(null)));
                } else writeFileCallback(target, file.contents, done);
              }),
          ),
        ),
      );
    },
    async commit() {
      let hadPrevious = true;
      try {
        await rename(outDir, previous);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        hadPrevious = false;
      }
      try {
        await rename(staging, outDir);
      } catch (error) {
        if (hadPrevious) await rename(previous, outDir);
        throw error;
      }
      if (!hadPrevious) return;
      // Deleting the replaced site costs as much as writing it (10,000 pages: seconds). For
      // a large site the new out/ is already in place, so leave that to a background process.
      if (written >= (options.backgroundDeleteFrom ?? BACKGROUND_DELETE_FROM)) deleteInBackground(previous, path.join(parent, `.${base}-trash-`));
      else await rm(previous, { recursive: true, force: true });
    },
    async abort() {
      await rm(staging, { recursive: true, force: true });
    },
  };
}

/** Writes a whole site atomically (see openOutput). */
export async function writeOutput(options: { outDir: string; files: readonly OutputFile[] }): Promise<void> {
  const writer = await openOutput(options);
  try {
    await writer.write(options.files);
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
