import { chmodSync, copyFileSync, linkSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import { bytesHashOf, holdsIdentity } from '../cache/digest.ts';
import path from 'node:path';
import { onExit } from 'signal-exit';
import { besideOut, discardFolder, folderId, recoverInterruptedWrite, removeEmptyFolders } from './beside-out.ts';
import { lookAtFolder } from './folder-look.ts';
import { checkFolder, type FolderState, type SpareState } from './folder-state.ts';
import type { Committed, OutputWriter, Written } from './output-writer.ts';
import { FILE_MODE, FOLDER_MODE, hasMode } from './served-modes.ts';
import { makeFolders, statOf } from '../cache/on-disk.ts';

/*
 * out/ is replaced whole, atomically: the new site is put together in a staging folder
 * beside it, and two renames swap the two. Putting it together costs what changed, not
 * what the site holds: the staging folder is the spare (the out/ before last, kept beside
 * out/ after each swap), checked against its record as out/ would be (folder-state.ts),
 * and only the files it lacks are written. A file is never written in place: it is
 * replaced (removed, then made), so a file linked from the build cache changes nowhere else.
 */

/** What the last build left beside out/, as its record says (null: nothing known). */
export interface LastOutput {
  /** Every file of its site and its identity. */
  files: ReadonlyMap<string, string>;
  out: FolderState | null;
  spare: SpareState | null;
}

/**
 * Opens out/ for the next site, put together in the spare. With `last` (the last build's
 * record, when it wrote this out/), the spare is checked against what the record says it
 * holds (folder-state.ts), and its files are known by that check; a spare the record does
 * not describe (none, or --no-cache) is known only by its bytes, each file checked as it
 * is needed. Without a spare, the site is put together in a new folder. A build killed
 * while writing is cleaned up after first (beside-out.ts).
 */
export function openOutput(options: { outDir: string; last: LastOutput | null }): OutputWriter {
  const outDir = path.resolve(options.outDir);
  const { last } = options;
  recoverInterruptedWrite(outDir);
  const { spare, staging, previous } = besideOut(outDir);
  // The spare is the build's own folder: anything else under its name (a file, a link,
  // whose target is never touched) goes, so that the old out/ can be kept there.
  if (lstatSync(spare, { throwIfNoEntry: false })?.isDirectory() === false) rmSync(spare, { force: true });
  const spareCheck = last?.spare ? checkFolder(spare, last.spare, last.files, new Set(last.spare.differs)) : null;
  /** Whether the spare is a folder to put the site together in, known by its check or, failing that, by its bytes. */
  const reusable = spareCheck !== null || folderId(spare) !== null;
  /** What staging holds as `file`, by identity (the spare's files that were checked, then those written). */
  const held = new Map<string, string>(spareCheck?.held);
  /** Files of a spare known only by its bytes already found not to hold what was asked. */
  const checked = new Set<string>();
  /** Entries staging may hold that the next site does not (removed before the swap): the spare's strays and whatever the record says it may hold; all its entries when it is known by its bytes. */
  const maybeBeyond = spareCheck ? [...spareCheck.strays, ...last!.spare!.differs, ...last!.files.keys()] : [];
  let claimed = false;
  const folders = new Set<string>();

  /** Stops putting staging back as the spare when the process ends (see claim). */
  let stopWatchingExit = (): void => {};
  /** The staging folder, made on the first write: the spare, or a new folder. */
  const claim = (): void => {
    if (claimed) return;
    rmSync(staging, { recursive: true, force: true });
    if (reusable) renameSync(spare, staging);
    else makeFolders(staging);
    chmodSync(staging, FOLDER_MODE);
    folders.add(staging);
    claimed = true;
    // A build interrupted (Ctrl+C, a cancelled CI job) puts staging back as the spare, as
    // a failed one does: the next build writes only what it lacks, not the whole site.
    stopWatchingExit = onExit(putStagingBack);
  };
  /** A spare known only by its bytes: staging from the start, looked at by a worker meanwhile (folder-look.ts). */
  const look = reusable && !spareCheck ? (claim(), lookAtFolder(staging)) : null;

  /** Whether staging holds `file` as `id`: as checked or written, or, in a spare known by its bytes, by its bytes now. */
  const holds = (file: string, id: string): boolean => {
    if (held.get(file) === id) return true;
    if (!look || checked.has(file)) return false;
    checked.add(file);
    // What the look told of the file, or, when it has not told yet, the file's bytes now.
    const looked = look.identityOf(file);
    if (looked === undefined ? !servedAs(path.join(staging, file), id) : looked !== bytesHashOf(id)) return false;
    held.set(file, id);
    return true;
  };

  const ensureFolder = (folder: string): void => {
    if (folders.has(folder)) return;
    // The parent first: a file standing where it goes would make this folder's path unreadable.
    ensureFolder(path.dirname(folder));
    const stats = lstatSync(folder, { throwIfNoEntry: false });
    if (!stats?.isDirectory()) {
      // Something else where a folder goes (a file of an older site, a stray): replaced.
      if (stats) {
        rmSync(folder, { recursive: true, force: true });
        held.delete(path.relative(staging, folder).split(path.sep).join('/'));
      }
      mkdirSync(folder);
      chmodSync(folder, FOLDER_MODE);
    } else if (!hasMode(stats, FOLDER_MODE)) chmodSync(folder, FOLDER_MODE);
    folders.add(folder);
  };

  /** Puts a file into staging with `put`, replacing whatever is there (never writing through it). */
  const place = (file: string, id: string, put: (target: string) => void): void => {
    claim();
    const target = path.join(staging, file);
    ensureFolder(path.dirname(target));
    rmSync(target, { recursive: true, force: true });
    put(target);
    // Set only when it differs: a file linked from the cache shares its inode, mode and
    // ctime with the cache's copy, and with any other link to it the spare still trusts.
    if (!hasMode(lstatSync(target), FILE_MODE)) chmodSync(target, FILE_MODE);
    held.set(file, id);
  };

  return {
    holds,
    write(file, id, contents) {
      if (holds(file, id)) return;
      place(file, id, (target) => writeFileSync(target, contents));
    },
    copy(file, id, from) {
      if (holds(file, id)) return;
      place(file, id, (target) => linkOrCopy(from, target));
    },
    commit(files, beforeSwap) {
      claim();
      for (const [file, id] of files) if (held.get(file) !== id) throw new Error(`${file} was never put in the new ${path.basename(outDir)}/`);
      // A spare known by its bytes: whatever else it holds is beyond the site.
      if (look) {
        maybeBeyond.push(...(look.entries() ?? listTree(staging)));
        look.stop();
      }
      // What staging holds beyond the site goes: the spare's files the site no longer has, and strays.
      const beyond = maybeBeyond.filter((entry) => !files.has(entry));
      /** Folders the check of a spare its record describes found with another mode than out/ is served with. */
      const misfits = spareCheck?.misfitFolders ?? [];
      const siteFolders = beyond.length > 0 || look || misfits.length > 0 ? foldersOf(files) : new Set<string>();
      // Deepest first, so that a folder emptied of them goes too.
      for (const entry of beyond.sort().reverse()) {
        if (siteFolders.has(entry)) continue;
        rmSync(path.join(staging, entry), { recursive: true, force: true });
        removeEmptyFolders(staging, path.dirname(path.join(staging, entry)));
      }
      // Every folder of the site served as such, those no file was written into too: each
      // one in a spare known by its bytes; those the check found with another mode in one
      // its record describes; a folder made now was made so (ensureFolder).
      for (const folder of look ? siteFolders : misfits.filter((misfit) => siteFolders.has(misfit))) ensureFolder(path.join(staging, folder));
      // What the swap leaves: staging as out/ (a rename keeps a folder's identity), and the
      // old out/ as the spare. Both what changed and that spare are known only if out/ is
      // still the folder the last build put there (not one another build, with another
      // cache, swapped in since).
      const lastOut = last?.out && folderId(outDir) === last.out.folder ? { ...last, out: last.out } : null;
      const committed: Committed = {
        ...changesAgainst(lastOut, files),
        out: { folder: folderId(staging)!, at: Date.now() },
        spare: lastOut ? { ...lastOut.out, differs: differsFrom(lastOut, files) } : null,
      };
      beforeSwap?.(committed);
      if (!swap(outDir, { staging, previous, spare })) committed.spare = null;
      claimed = false;
      stopWatchingExit();
      return committed;
    },
    abort() {
      stopWatchingExit();
      putStagingBack();
    },
  };

  /** What staging holds is checked like any spare next time: kept as the spare. */
  function putStagingBack(): void {
    look?.stop();
    if (!claimed) return;
    if (lstatSync(spare, { throwIfNoEntry: false }) === undefined) renameSync(staging, spare);
    else discardFolder(staging, outDir);
    claimed = false;
  }
}

/** Whether `file` is a regular file served as out/'s are (served-modes.ts) that holds the bytes of identity `id`. */
function servedAs(file: string, id: string): boolean {
  const stats = statOf(file);
  return stats !== undefined && stats.isFile() && hasMode(stats, FILE_MODE) && holdsIdentity(file, id);
}

/** Links `from` to `target`, or copies it where a link cannot be made (another device, a file system without links). */
function linkOrCopy(from: string, target: string): void {
  try {
    linkSync(from, target);
  } catch {
    copyFileSync(from, target);
  }
}

/** Every folder a file of `files` is in, by path. */
function foldersOf(files: ReadonlyMap<string, string>): Set<string> {
  const folders = new Set<string>();
  for (const file of files.keys()) for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) folders.add(file.slice(0, slash));
  return folders;
}

/**
 * Swaps staging in: out/ moved aside, staging renamed to out/, the old out/ kept as the
 * spare. Returns whether the old out/ is the spare now (false: there was none, or a spare
 * was there already, and it is deleted in the background).
 */
function swap(outDir: string, folders: { staging: string; previous: string; spare: string }): boolean {
  let hadPrevious = true;
  try {
    renameSync(outDir, folders.previous);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadPrevious = false;
  }
  try {
    renameSync(folders.staging, outDir);
  } catch (error) {
    if (hadPrevious) renameSync(folders.previous, outDir);
    throw error;
  }
  if (!hadPrevious) return false;
  // The new out/ is in place: keeping the old one is no reason to fail the build.
  try {
    if (lstatSync(folders.spare, { throwIfNoEntry: false }) === undefined) {
      renameSync(folders.previous, folders.spare);
      return true;
    }
  } catch {
    // Something stood in the way after all; the old out/ is deleted instead.
  }
  discardFolder(folders.previous, outDir);
  return false;
}

/** The files the new site writes or removes against the last build's (all of them, with none known). */
function changesAgainst(last: LastOutput | null, files: ReadonlyMap<string, string>): Written {
  const written: string[] = [];
  for (const [file, id] of files) if (last?.files.get(file) !== id) written.push(file);
  const removed = last ? [...last.files.keys()].filter((file) => !files.has(file)) : [];
  return { written, removed };
}

/** The files in which the old out/ (now the spare) differs from the new site. */
function differsFrom(last: LastOutput, files: ReadonlyMap<string, string>): string[] {
  const { written, removed } = changesAgainst(last, files);
  return [...written, ...removed];
}



/** Every entry under `dir`, by its path from it with "/" separators. */
function listTree(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
