import { constants, copyFileSync, existsSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileTable } from './file-table.ts';
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
  commit(files: FileTable): { written: string[]; removed: string[]; out: OutState; spare: SpareState | null };
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
  // The new site is put together in the spare when the last build's record says what the
  // spare holds: the last build's files, but for those in which it differs from out/ (of
  // bytes unknown here). Else staging starts empty.
  const spareId = folderId(spare);
  const spareKnown = spareId !== null && last?.spare?.id === spareId;
  const unknown: ReadonlySet<string> = new Set(spareKnown ? last!.spare!.differs : []);
  // What this build wrote into staging, once claimed (file → identity).
  const placed = new Map<string, string>();
  let claimed = false;
  const folders = new Set<string>();
  /** The identity of what staging holds as `file`, when known. */
  const held = (file: string): string | undefined => placed.get(file) ?? (spareKnown && !unknown.has(file) ? last!.files.get(file) : undefined);

  const ensureFolder = (folder: string): void => {
    if (folders.has(folder)) return;
    if (placed.has(path.relative(staging, folder).split(path.sep).join('/'))) throw new Error(`${folder} is written both as a file and as a folder`);
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
   * Claims the spare as the staging folder when it is known (see above); else starts a new
   * one. A spare of unknown files goes (deleted in the background): every file of it would
   * have to be written again, and on ext4 truncating and rewriting a file costs more than
   * making it anew.
   */
  const claim = (): void => {
    if (claimed) return;
    rmSync(staging, { recursive: true, force: true });
    if (spareKnown) renameSync(spare, staging);
    else {
      if (spareId) discardFolder(spare, outDir);
      mkdirSync(staging, { recursive: true });
    }
    folders.add(staging);
    claimed = true;
  };

  const place = (file: string, id: string, put: (target: string) => void): void => {
    claim();
    const target = path.join(staging, file);
    if (folders.has(target) || placed.has(file)) throw new Error(`${target} is written twice, or both as a file and as a folder`);
    ensureFolder(path.dirname(target));
    // A plain file with no other name is written over in place (see above); anything else
    // (a folder, a link, a file someone hard-linked elsewhere) is replaced.
    const stats = lstatSync(target, { throwIfNoEntry: false });
    if (stats && !(stats.isFile() && stats.nlink === 1)) rmSync(target, { recursive: true, force: true });
    put(target);
    placed.set(file, id);
  };

  return {
    current: (file) => inOut.get(file),
    write(file, id, contents) {
      // The spare may hold these very bytes already (a build that left no out/ behind).
      if (held(file) === id) return;
      place(file, id, (target) => writeFileSync(target, contents));
    },
    commit(files) {
      // One pass: the files that differ from out/ (to report) and from staging (to put there).
      const changed: string[] = [];
      const missing: string[] = [];
      for (const [file, id] of files) {
        if (inOut.get(file) !== id) changed.push(file);
        if (held(file) !== id) missing.push(file);
      }
      const removed = last ? [...last.files.keys()].filter((file) => !files.has(file)) : [];
      if (placed.size === 0 && changed.length === 0 && removed.length === 0 && inOut.out) {
        // The site is out/ as it is: nothing to swap; out/ is as this build found it.
        return { written: [], removed: [], out: inOut.out, spare: last!.spare };
      }
      claim();
      for (const file of missing) {
        const id = files.get(file)!;
        // Unchanged since out/ was written: out/'s file is the one. Else the cache's.
        const from = inOut.get(file) === id ? path.join(outDir, file) : source(file, id);
        place(file, id, (target) => (typeof from === 'string' ? copyFileSync(from, target, constants.COPYFILE_FICLONE) : writeFileSync(target, from)));
      }
      // What staging holds beyond the site goes: the spare's files the site no longer has.
      const beyond = spareKnown ? new Set([...removed, ...unknown]) : new Set<string>();
      for (const file of beyond) {
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
      claimed = false;
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
      if (!claimed) return;
      discardFolder(staging, outDir);
      claimed = false;
    },
  };
}
