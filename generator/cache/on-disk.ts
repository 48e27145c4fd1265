import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, type Stats } from 'node:fs';
import path from 'node:path';
import { READ_NOW } from './digest.ts';

/*
 * What stands at a path of a folder a build keeps (its cache, out/ and its spare). Those
 * folders can be damaged by hand or by a tool (a file where a folder goes, a folder where
 * a file goes); a build puts that right rather than stopping on it.
 */

/** What is at `file`, links not followed; undefined when nothing is, or when a file stands where a folder of its path goes. */
export function statOf(file: string): Stats | undefined {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Makes `folder` a folder (and any missing above it), replacing whatever else stands there. */
export function makeFolder(folder: string): void {
  if (statOf(folder)?.isDirectory()) return;
  rmSync(folder, { recursive: true, force: true });
  makeFolders(folder);
}

/**
 * Makes `folder` and any folder missing above it, one at a time. Node's own recursive
 * mkdir loops for ever, deaf to Ctrl+C, where a file system refuses a new folder with
 * ENOENT under one that exists (/proc, /sys); made a level at a time, that refusal is an
 * error like any other.
 */
export function makeFolders(folder: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(folder); statOf(at) === undefined && path.dirname(at) !== at; at = path.dirname(at)) missing.push(at);
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level);
    } catch (error) {
      // Made meanwhile by another process: a folder is what was wanted (anything else fails the next level).
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Removes what stands at `file`, a folder where the file goes too (nothing is there when a file stands where a folder of its path goes). */
export function removeFile(file: string): void {
  try {
    rmSync(file, { recursive: true, force: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
  }
}

/** Clears the way for a file to be renamed to `file`: a folder (or anything but a file) standing there goes. */
export function clearForFile(file: string): void {
  const stats = statOf(file);
  if (stats && !stats.isFile()) rmSync(file, { recursive: true, force: true });
}

/**
 * The bytes of `file`, as readFileSync reads them (and failing as it fails), but opened
 * without waiting: a named pipe where a file of a kept folder was reads as empty, never
 * waited on for a writer.
 */
export function readFileNow(file: string): Buffer;
export function readFileNow(file: string, encoding: BufferEncoding): string;
export function readFileNow(file: string, encoding?: BufferEncoding): Buffer | string {
  const fd = openSync(file, READ_NOW);
  try {
    return encoding ? readFileSync(fd, encoding) : readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The text of `file` (readFileNow); null when there is none to read: missing, a folder, unreadable. */
export function readTextNow(file: string): string | null {
  try {
    return readFileNow(file, 'utf8');
  } catch {
    return null;
  }
}

/** An hour: a `*.tmp` entry younger than this may be another process's, being written now. */
const WRITING_MS = 60 * 60 * 1000;

/**
 * Removes every entry of `dir` but the one named `keep`. An entry changed within the hour
 * stays when it is a `*.tmp` (another process may be writing it: a killed one's goes
 * later), or, with `inUse`, whatever it is (another process may be reading it).
 */
export function keepOnly(dir: string, keep: string, options: { inUse?: boolean } = {}): void {
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    const recent = () => Date.now() - (statOf(entry)?.mtimeMs ?? 0) < WRITING_MS;
    if (name === keep || ((options.inUse || name.endsWith('.tmp')) && recent())) continue;
    rmSync(entry, { recursive: true, force: true });
  }
}
