import { spawn } from 'node:child_process';
import { copyFile, constants as fsConstants, existsSync, link, lstat, mkdir as mkdirCallback, readdir as readdirCallback, stat, unlink, writeFile as writeFileCallback } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../output-file.ts';

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

/**
 * From this many files written, the replaced out/ is not deleted but kept beside it as the
 * spare, which the next build writes into (see openOutput).
 */
export const KEEP_SPARE_FROM = 2000;

/** Where the replaced out/ of a large site waits to be written over by the next build. */
export function spareFolder(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-spare`);
}

/**
 * Opening a file for writing without following a symbolic link, where the system has the
 * flag. Node takes numeric flags wherever it takes "w"; its types only list strings.
 */
const WRITE_NO_FOLLOW = (
  fsConstants.O_NOFOLLOW === undefined ? 'w' : fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC | fsConstants.O_NOFOLLOW
) as string;

/**
 * Opens a staging folder beside `outDir`. A build that fails or is killed before
 * `commit` leaves the previous out/ exactly as it was; one killed between the two
 * renames of the swap is repaired by the next build (recoverInterruptedWrite).
 *
 * A large site (from `keepSpareFrom` files) is written over the spare: the out/ that the
 * last build replaced. Its files are overwritten in place and the ones this build does not
 * write are removed before the swap, so the result is the same as writing from nothing.
 * Creating and deleting tens of thousands of files per build is what it avoids: besides
 * the work, a file system like ext4 searches past recently deleted inodes for every new
 * one, and back-to-back builds of 10,000 pages spent ~10 s of system time doing so.
 */
export async function openOutput(options: { outDir: string; keepSpareFrom?: number }): Promise<OutputWriter> {
  const outDir = path.resolve(options.outDir);
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const staging = path.join(parent, `.${base}-staging-${process.pid}`);
  const previous = path.join(parent, `.${base}-previous-${process.pid}`);
  const spare = spareFolder(outDir);
  await recoverInterruptedWrite(outDir);
  await rm(staging, { recursive: true, force: true });
  // Claiming the spare is one rename: of two builds at once, one gets it. Only a real
  // folder is written into (a link there could point anywhere).
  const claimed = await rename(spare, staging).then(
    () => true,
    () => false,
  );
  const recycled = claimed && (await lstatOf(staging))?.isDirectory() === true;
  if (claimed && !recycled) await rm(staging, { force: true });
  if (!recycled) await mkdir(staging, { recursive: true });
  // What each folder held before (recycled only); `files` and `made` say what this build puts there.
  const listed = new Map<string, Promise<string[]>>();
  const list = (folder: string) => {
    const names = new Promise<string[]>((resolve) => readdirCallback(folder, (error, entries) => resolve(error ? [] : entries)));
    listed.set(folder, names);
  };
  if (recycled) list(staging);
  // Every file and folder written (10,000 pages are 20,000 entries, kept to the end):
  // a made folder's entry becomes one shared settled promise, so its own can be collected.
  const files = new Set<string>();
  const done = Promise.resolve();
  const made = new Map<string, Promise<void>>([[staging, done]]);
  const ensureFolder = (folder: string): Promise<void> => {
    let ready = made.get(folder);
    if (!ready) {
      if (files.has(folder)) return Promise.reject(new Error(`${folder} is written both as a file and as a folder`));
      ready = ensureFolder(path.dirname(folder))
        .then(() => (recycled ? reuseFolder(folder) : makeFolder(folder)))
        .then(() => void made.set(folder, done));
      made.set(folder, ready);
    }
    return ready;
  };
  // In a recycled tree a folder may exist already (listed, to find what is stale), or
  // something else may sit at its path: a file, or a link (never followed).
  const reuseFolder = (folder: string) =>
    new Promise<void>((resolve, reject) =>
      lstat(folder, (error, stats) => {
        if (error?.code === 'ENOENT') return makeFolder(folder).then(resolve, reject);
        if (error) return reject(error);
        if (stats.isDirectory()) {
          list(folder);
          return resolve();
        }
        unlink(folder, (unlinked) => (unlinked ? reject(unlinked) : makeFolder(folder).then(resolve, reject)));
      }),
    );
  const writeFile = (target: string, file: OutputFile, retry: boolean): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      // Recycled: a file, link or folder of that name from the previous site is removed first.
      const replace = () => rm(target, { recursive: true, force: true }).then(() => writeFile(target, file, false)).then(resolve, reject);
      const done = (error: NodeJS.ErrnoException | null) => {
        if (error && retry && recycled && ['EEXIST', 'ELOOP', 'EISDIR', 'EPERM'].includes(error.code ?? '')) return replace();
        return error ? reject(error) : resolve();
      };
      if (file.copyFrom) {
        // A hard link: the cache is content-addressed and only ever replaced by rename, never
        // edited, so sharing the inode is safe and costs no copy (pnpm's store works the same
        // way). Across file systems, or where links are not allowed, a copy (copy-on-write
        // where supported).
        const from = file.copyFrom;
        const linkIt = () => link(from, target, (error) => (error?.code === 'EEXIST' ? done(error) : error ? copyFile(from, target, fsConstants.COPYFILE_FICLONE, done) : done(null)));
        if (!recycled) return linkIt();
        // Recycled: most cards are the same from one build to the next, and a link to the
        // same cache entry is already there (two stats instead of a failed link, an unlink
        // and a link: a quarter of a 10,000-course build's file system calls).
        lstat(target, (error, existing) => {
          if (error || !existing.isFile() || existing.nlink < 2) return linkIt();
          stat(from, (fromError, source) => (!fromError && source.ino === existing.ino && source.dev === existing.dev ? done(null) : linkIt()));
        });
      } else if (!recycled) writeFileCallback(target, file.contents, done);
      else
        lstat(target, (error, stats) => {
          // Never written through: a file with other names (a hard-linked social card shares
          // its inode with the card cache, which must only ever be replaced by rename).
          if (!error && (stats.nlink > 1 || !stats.isFile())) return retry ? replace() : reject(new Error(`${target} could not be replaced`));
          writeFileCallback(target, file.contents, { flag: WRITE_NO_FOLLOW }, done);
        });
    });
  let written = 0;
  const large = () => written >= (options.keepSpareFrom ?? KEEP_SPARE_FROM);
  /** Makes `folder` the spare, unless there is one already (a build running at the same time left it). */
  const keepAsSpare = async (folder: string) => !existsSync(spare) && (await rename(folder, spare).then(() => true, () => false));
  return {
    async write(batch) {
      // Folders and files on libuv's thread pool with plain callbacks, so the caller can
      // render the next batch meanwhile. Each folder is made once, after its parent (one
      // system call; a recursive mkdir takes several), and each file after its folder.
      written += batch.length;
      await Promise.all(
        batch.map((file) => {
          const target = path.join(staging, file.file);
          if (made.has(target)) return Promise.reject(new Error(`${target} is written both as a file and as a folder`));
          files.add(target);
          return ensureFolder(path.dirname(target)).then(() => writeFile(target, file, true));
        }),
      );
    },
    async commit() {
      // What the recycled tree held and this build did not write goes first.
      await Promise.all(
        [...listed].map(async ([folder, names]) => {
          for (const name of await names) {
            const entry = path.join(folder, name);
            if (!files.has(entry) && !made.has(entry)) await rm(entry, { recursive: true, force: true });
          }
        }),
      );
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
      // A large site keeps the replaced out/ for the next build to write over; a small one
      // deletes it.
      if (large() && (await keepAsSpare(previous))) return;
      if (large()) deleteInBackground(previous, path.join(parent, `.${base}-trash-`));
      else await rm(previous, { recursive: true, force: true });
    },
    async abort() {
      // What was written is as good a spare as any (the next build overwrites or removes
      // every file in it); without a spare to keep, it goes.
      if ((large() || recycled) && (await keepAsSpare(staging))) return;
      await rm(staging, { recursive: true, force: true });
    },
  };
}

function lstatOf(file: string): Promise<import('node:fs').Stats | null> {
  return new Promise((resolve) => lstat(file, (error, stats) => resolve(error ? null : stats)));
}

function makeFolder(folder: string): Promise<void> {
  return new Promise<void>((resolve, reject) => mkdirCallback(folder, (error) => (error ? reject(error) : resolve())));
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
