import { constants, copyFileSync, existsSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { verifiedOut, type FileSource, type LastOutput, type OutState, type SpareState } from './last-output.ts';
import type { OutLook } from './out-look.ts';
import { besideOut, discardFolder, folderId, recoverInterruptedWrite, removeEmptyFolders } from './out-folders.ts';

/*
 * out/ is replaced whole, atomically: the new site is put together in a staging folder
 * beside it, and two renames swap the two. Putting it together costs what changed, not
 * what the site holds: the staging folder is the spare (the out/ the build before last
 * wrote, kept beside out/ after each swap), and only the files whose bytes differ from
 * it are written, over the old ones in place. Creating tens of thousands of files is what
 * this saves: on ext4 a new file costs several times an overwrite, and a new folder more.
 * Every file is known by its identity (a hash of its bytes); which of the last build's
 * files out/ still holds is last-output.ts's to say. Nothing here is ever a hard link to
 * a file elsewhere, so writing over a file in place changes no other.
 */

/** A new out/ being put together beside the old one. */
export interface OutputWriter {
  /** The identity of `file` in out/ as it is now, if out/ holds it as the last build wrote it. */
  current(file: string): string | undefined;
  /** Writes one file with bytes in hand (a page just rendered). */
  write(file: string, id: string, contents: string | Uint8Array): void;
  /**
   * Completes the site to `files` (every file and its identity): what is not in place is
   * copied from out/ or from the source, what is not in `files` is removed; then swaps it in.
   * Returns the files written (new or changed against out/) and removed, and the states to
   * remember. When the site is what out/ holds already, nothing is touched.
   */
  commit(files: ReadonlyMap<string, string>): { written: string[]; removed: string[]; out: OutState; spare: SpareState | null };
  /** Throws away everything written; out/ stays as it was. */
  abort(): void;
}

/**
 * Opens out/ for the next site, given what the last build left (null when unknown: a
 * first build, --no-cache, or a cache from elsewhere) and where the files out/ lacks are
 * kept. The staging folder is claimed only once something has to be written.
 */
export function openOutput(options: { outDir: string; last?: LastOutput | null; source: FileSource; looked?: OutLook | null }): OutputWriter {
  const outDir = path.resolve(options.outDir);
  const last = options.last ?? null;
  const { source } = options;
  const { spare, staging, previous } = besideOut(outDir);
  recoverInterruptedWrite(outDir);
  const inOut = verifiedOut(outDir, last, source, options.looked);
  // What staging holds (file → identity), once claimed; files it may hold besides, of unknown bytes.
  let held: Map<string, string> | null = null;
  const mayHold = new Set<string>();
  const written = new Set<string>();
  const folders = new Set<string>();

  const ensureFolder = (folder: string): void => {
    if (folders.has(folder)) return;
    if (written.has(path.relative(staging, folder).split(path.sep).join('/'))) throw new Error(`${folder} is written both as a file and as a folder`);
    const stats = lstatSync(folder, { throwIfNoEntry: false });
    if (!stats?.isDirectory()) {
      ensureFolder(path.dirname(folder));
      // Something else where a folder goes (a file of the old site): replaced.
      if (stats) rmSync(folder, { force: true });
      mkdirSync(folder);
    }
    folders.add(folder);
  };

  /**
   * Claims the spare as the staging folder when the last build's record says what it holds;
   * else starts a new one. A spare of unknown files goes (deleted in the background): every
   * file of it would have to be written again, and on ext4 truncating and rewriting a file
   * costs more than making it anew.
   */
  const open = (): Map<string, string> => {
    if (held) return held;
    rmSync(staging, { recursive: true, force: true });
    held = new Map();
    const spareId = folderId(spare);
    if (spareId && last?.spare?.id === spareId) {
      renameSync(spare, staging);
      const differs = new Set(last.spare.differs);
      for (const [file, id] of last.files) if (!differs.has(file)) held.set(file, id);
      for (const file of differs) mayHold.add(file);
    } else {
      if (spareId) discardFolder(spare, outDir);
      mkdirSync(staging, { recursive: true });
    }
    folders.add(staging);
    return held;
  };

  const place = (file: string, id: string, put: (target: string) => void): void => {
    const files = open();
    const target = path.join(staging, file);
    if (folders.has(target) || written.has(file)) throw new Error(`${target} is written twice, or both as a file and as a folder`);
    ensureFolder(path.dirname(target));
    // A plain file with no other name is written over in place (see above); anything else
    // (a folder, a link, a file someone hard-linked elsewhere) is replaced.
    const stats = lstatSync(target, { throwIfNoEntry: false });
    if (stats && !(stats.isFile() && stats.nlink === 1)) rmSync(target, { recursive: true, force: true });
    put(target);
    files.set(file, id);
    written.add(file);
  };

  return {
    current: (file) => inOut.get(file),
    write(file, id, contents) {
      // The spare may hold these very bytes already (a build that left no out/ behind).
      if (open().get(file) === id) return;
      place(file, id, (target) => writeFileSync(target, contents));
    },
    commit(files) {
      const changed = [...files].filter(([file, id]) => inOut.get(file) !== id).map(([file]) => file);
      const removed = [...(last?.files.keys() ?? [])].filter((file) => !files.has(file));
      if (written.size === 0 && changed.length === 0 && removed.length === 0 && last?.out) {
        // The site is out/ as it is: nothing to swap.
        return { written: [], removed: [], out: last.out, spare: last.spare };
      }
      const staged = open();
      for (const [file, id] of files) {
        if (staged.get(file) === id) continue;
        // Unchanged since out/ was written: out/'s file is the one. Else the cache's.
        const from = inOut.get(file) === id ? path.join(outDir, file) : source(file, id);
        place(file, id, (target) => (typeof from === 'string' ? copyFileSync(from, target, constants.COPYFILE_FICLONE) : writeFileSync(target, from)));
      }
      // What staging holds beyond the site goes.
      for (const file of new Set([...staged.keys(), ...mayHold])) {
        if (files.has(file)) continue;
        rmSync(path.join(staging, file), { force: true });
        removeEmptyFolders(staging, path.dirname(path.join(staging, file)));
      }
      // The old out/ becomes the next spare; it is known if it was the last build's.
      const knownOut = last?.out != null && folderId(outDir) === last.out.id;
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
      held = null;
      const out: OutState = { id: folderId(outDir)!, at: Date.now() };
      let spareState: SpareState | null = null;
      if (hadPrevious) {
        // Unless another build left a spare meanwhile: then this one goes.
        if (!existsSync(spare)) {
          renameSync(previous, spare);
          if (knownOut) spareState = { id: folderId(spare)!, differs: [...changed, ...removed] };
        } else discardFolder(previous, outDir);
      }
      return { written: changed, removed, out, spare: spareState };
    },
    abort() {
      // A half-updated spare is no spare: it goes, out of the way at once, deleted in the background.
      if (!held) return;
      discardFolder(staging, outDir);
      held = null;
    },
  };
}
