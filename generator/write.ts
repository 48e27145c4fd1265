import { copyFile, constants as fsConstants, existsSync, mkdirSync, writeFile as writeFileCallback } from 'node:fs';
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
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(staging|previous)-(\\d+)$`);
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
 * Opens a staging folder beside `outDir`. A build that fails or is killed before
 * `commit` leaves the previous out/ exactly as it was; one killed between the two
 * renames of the swap is repaired by the next build (recoverInterruptedWrite).
 */
export async function openOutput(options: { outDir: string }): Promise<OutputWriter> {
  const outDir = path.resolve(options.outDir);
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const staging = path.join(parent, `.${base}-staging-${process.pid}`);
  const previous = path.join(parent, `.${base}-previous-${process.pid}`);
  await recoverInterruptedWrite(outDir);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const made = new Set<string>([staging]);
  return {
    async write(files) {
      // Folders synchronously (a few microseconds each, in order); files on libuv's thread
      // pool with plain callbacks, so the caller can render the next batch meanwhile.
      const ensure = (folder: string) => {
        if (made.has(folder)) return;
        ensure(path.dirname(folder));
        mkdirSync(folder); // the parent exists: one system call, where recursive takes several
        made.add(folder);
      };
      for (const file of files) ensure(path.dirname(path.join(staging, file.file)));
      await Promise.all(
        files.map(
          (file) =>
            new Promise<void>((resolve, reject) => {
              const done = (error: NodeJS.ErrnoException | null) => (error ? reject(error) : resolve());
              const target = path.join(staging, file.file);
              // A copy-on-write clone where the file system has them, else a kernel copy.
              if (file.copyFrom) copyFile(file.copyFrom, target, fsConstants.COPYFILE_FICLONE, done);
              else writeFileCallback(target, file.contents, done);
            }),
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
      if (hadPrevious) await rm(previous, { recursive: true, force: true });
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
