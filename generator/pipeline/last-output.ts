import { closeSync, lstatSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { digestFile } from './digest.ts';
import type { FileTable } from './file-table.ts';
import { folderId } from './out-folders.ts';
import { lookAside, type OutLook } from './out-look.ts';

/*
 * What the last build left in out/ and beside it, as its record says, and how much of it
 * out/ still holds. out/ is trusted file by file only as the last build left it (the same
 * folder, each file last changed before that build ended); a file edited since is
 * written again. "Changed" is the file's status change time (ctime), not its modification
 * time: a copy that keeps an old modification time (cp -p, rsync -t, an unpacked archive)
 * still gets a new ctime, and nothing can set it back. File times are coarse (a clock
 * tick, or whole seconds on some file systems), so a file changed close to the end of a
 * build may be an edit made just after it: such a file is checked by its bytes, as Git
 * checks a "racily clean" one. The spare is the generator's own, like the build cache:
 * it is trusted as the record describes it, which spares a look at every one of its files.
 */

/** out/ as a build left it: the folder's identity, and the time by which it had written every file. */
export interface OutState {
  id: string;
  at: number;
}

/** The spare as a build left it: its identity, and the files in which it differs from out/ (those the build wrote or removed). */
export interface SpareState {
  id: string;
  differs: string[];
}

/** What the last build left: every file of its site by identity, and the states of out/ and the spare. */
export interface LastOutput {
  files: FileTable;
  out: OutState | null;
  spare: SpareState | null;
}

/** Where the bytes of a file of the site are kept besides out/ (the build cache): a file to copy, or the bytes. Throws when nowhere. */
export type FileSource = (file: string, id: string) => string | Uint8Array;

/** How close to the end of a build a file's time must be for its bytes to be checked (see the top of this file): two seconds, the coarsest file times there are. */
export const RACY_MS = 2000;

/**
 * How `dir` holds `file` as it was at `at`, when it held the bytes whose identity is `id`:
 * by its time (untouched since), by its bytes (its time too close to tell; checked against
 * the identity when it is their hash, else against the source's copy: an image, known by
 * what it is drawn from), or not at all.
 */
function holds(dir: string, file: string, id: string, at: number, source: FileSource): 'time' | 'bytes' | null {
  const full = path.join(dir, file);
  const stats = lstatSync(full, { throwIfNoEntry: false });
  if (!stats?.isFile()) return null;
  if (stats.ctimeMs < at - RACY_MS) return 'time';
  // Read a piece at a time: right after a large build, hundreds of files may be this recent.
  const held = digestFile(full);
  if (held === id) return 'bytes';
  // An identity that is not the bytes' hash (an image's, by what it is drawn from): the
  // source's copy decides. Bytes the source holds are known by their hash, which failed above.
  try {
    const kept = source(file, id);
    return typeof kept === 'string' && sameBytes(full, stats.size, kept) ? 'bytes' : null;
  } catch {
    return null;
  }
}

const pieces = [Buffer.allocUnsafe(1 << 16), Buffer.allocUnsafe(1 << 16)] as const;

/** Whether file `a` (of `size` bytes) and file `b` hold the same bytes, compared a piece at a time. */
function sameBytes(a: string, size: number, b: string): boolean {
  if (statSync(b).size !== size) return false;
  const [fdA, fdB] = [openSync(a, 'r'), openSync(b, 'r')];
  try {
    for (;;) {
      const read = readSync(fdA, pieces[0]);
      if (readSync(fdB, pieces[1]) !== read || !pieces[0].subarray(0, read).equals(pieces[1].subarray(0, read))) return false;
      if (read === 0) return true;
    }
  } finally {
    closeSync(fdA);
    closeSync(fdB);
  }
}

/** What a look at out/ found of the last build's files. */
export interface VerifiedOut {
  /** The identity of `file` as the last build wrote it, if out/ still holds it so. */
  get(file: string): string | undefined;
  /**
   * out/'s state as of this look (null: out/ is not the last build's): when a file too
   * recent to trust by its time was checked by its bytes, the time the look began, so
   * that a build which then changes nothing in out/ spares the next one reading it again.
   */
  out: OutState | null;
  /** Whether out/ holds every one of the last build's files as it wrote them. */
  complete: boolean;
}

/**
 * The files of the last build that out/ holds as it wrote them: the identity of each, by
 * its path. With `looked` (a look at out/ made beforehand: lookAtOut), only the files
 * their time did not vouch for are looked at again; the others are the last build's as
 * its record has them.
 */
export function verifiedOut(outDir: string, last: LastOutput | null | undefined, source: FileSource, looked?: OutLook | null): VerifiedOut {
  if (!last?.out || folderId(outDir) !== last.out.id) return { get: () => undefined, out: null, complete: false };
  const { files, out } = last;
  const lookedAt = looked?.at ?? Date.now();
  const notHeld = new Set<string>();
  let byBytes = false;
  for (const file of looked?.untrusted ?? files.keys()) {
    const how = holds(outDir, file, files.get(file)!, out.at, source);
    if (!how) notHeld.add(file);
    byBytes ||= how === 'bytes';
  }
  return {
    get: (file) => (notHeld.has(file) ? undefined : files.get(file)),
    out: byBytes ? { id: out.id, at: lookedAt } : out,
    complete: notHeld.size === 0,
  };
}

/** Below this many files, out/ is looked at in the build's own thread: a worker would take longer to start than the look. */
const LOOK_ASIDE_FROM = 2000;

/**
 * Starts a look at out/'s files as the last build left them, in a worker thread
 * (out-look.ts), for openOutput to take later; null when out/ is not the last build's,
 * or small enough to look at on the spot.
 */
export function lookAtOut(outDir: string, last: LastOutput | null): Promise<OutLook> | null {
  if (!last?.out || last.files.size < LOOK_ASIDE_FROM || folderId(outDir) !== last.out.id) return null;
  return lookAside(path.resolve(outDir), [...last.files.keys()], last.out.at - RACY_MS);
}

/**
 * out/ as found now (see verifiedOut), if it holds every file of the last build as it
 * wrote them; null when a file was edited by hand or is missing.
 */
export function checkOut(outDir: string, last: LastOutput, source: FileSource): OutState | null {
  const found = verifiedOut(outDir, last, source);
  return found.complete ? found.out : null;
}
