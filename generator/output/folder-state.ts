import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { holdsIdentity } from '../cache/digest.ts';
import { statOf } from '../cache/on-disk.ts';
import { folderId } from './beside-out.ts';
import { FILE_MODE, FOLDER_MODE, hasMode } from './served-modes.ts';

/*
 * What a folder a build wrote (out/, or its spare) still holds as that build wrote it.
 * A file is trusted by its status change time (ctime): unchanged since the build ended
 * when that time is before the build's end, as git trusts its index. A copy that keeps an
 * old modification time (cp -p, rsync -t, an archive) still gets a new ctime, and nothing
 * sets it back. File times are coarse (a clock tick; whole seconds on some file systems),
 * so a file changed within RACY_MS of the build's end is checked by its bytes, as git
 * checks a "racily clean" file; so is every file when that end lies ahead of the clock.
 * A file added, removed or renamed changes its folder's ctime: only such folders are
 * listed, for entries the build did not write. A folder moved keeps the ctimes of what it
 * holds, but its own moves while its modification time stays: what it holds is checked by
 * its bytes. A file or folder whose mode is not the one out/ is served with
 * (served-modes.ts) is not as the build left it either. Reading every file instead would
 * cost more than a whole edit's build at 10,000 courses (README.md).
 */

/** A folder as a build left it: its identity on disk (device and inode) and the time by which that build had written everything in it. */
export interface FolderState {
  folder: string;
  at: number;
}

/** The spare (the out/ before last): its state, and the files in which it differs from the out/ of the same record (those that build wrote or removed). */
export interface SpareState extends FolderState {
  differs: string[];
}

/** How close to a build's end a time must be for a file's bytes to be checked (the coarsest file times there are). */
export const RACY_MS = 2000;

/** What a look at a folder found. */
export interface FolderCheck {
  /** The files it holds as recorded, with their identities. */
  held: Map<string, string>;
  /** Entries it has that the record does not name (files, or folders with all they hold), by path. */
  strays: string[];
  /** Its state as of this look: the look's start when a file or folder too recent to trust by its time was checked by its bytes or listed. */
  state: FolderState;
  /** Its folders with a mode other than FOLDER_MODE, by path ('' for the folder itself); its files with another mode than FILE_MODE are not held. */
  misfitFolders: string[];
}

/**
 * Looks at `dir` against what the build that left it in `state` recorded of it
 * (`recorded`: every file and its identity; `unknown`: files it may hold with bytes the
 * record does not know). Null when `dir` is not that folder (another folder in its
 * place, or none).
 */
export function checkFolder(dir: string, state: FolderState | null | undefined, recorded: ReadonlyMap<string, string>, unknown: ReadonlySet<string> = new Set()): FolderCheck | null {
  if (!state || folderId(dir) !== state.folder) return null;
  const lookedAt = Date.now();
  // A build that ended later than this clock now says (a fast clock set back since, by hand
  // or by NTP) cannot vouch for times: every file is checked by its bytes, every folder listed.
  const trustedBefore = state.at > lookedAt ? -Infinity : state.at - RACY_MS;
  const held = new Map<string, string>();
  /** Whether anything was checked by its bytes or listed: the state is then this look's. */
  let byBytes = false;
  const folders = new Set<string>(['']);
  for (const file of unknown) addFoldersOf(file, folders);
  for (const file of recorded.keys()) addFoldersOf(file, folders);
  /** Folders whose entries changed since (ctime moved): listed below, against the names the record gives them. */
  const recent: string[] = [];
  /**
   * Folders moved since, or whose mode changed: their ctime moved, their modification time
   * did not (no entry of theirs changed). A moved folder's files keep their own ctimes, so
   * what they hold is checked by their bytes, at any depth. out/ itself is left out: the
   * swap that made it out/ renamed it whole.
   */
  const moved = new Set<string>();
  const misfitFolders: string[] = [];
  for (const folder of folders) {
    const stats = statOf(folder ? `${dir}${path.sep}${folder}` : dir);
    if (stats?.isDirectory() && !hasMode(stats, FOLDER_MODE)) misfitFolders.push(folder);
    if (!stats?.isDirectory() || stats.ctimeMs < trustedBefore) continue;
    recent.push(folder);
    if (folder && stats.mtimeMs < trustedBefore) moved.add(folder);
  }
  for (const [file, id] of recorded) {
    if (unknown.has(file)) continue;
    // Record paths are plain ("about/index.html", build-record.ts checks them): nothing to normalize.
    const full = `${dir}${path.sep}${file}`;
    const stats = statOf(full);
    if (!stats?.isFile() || !hasMode(stats, FILE_MODE)) continue;
    if (stats.ctimeMs < trustedBefore && !inAny(file, moved)) held.set(file, id);
    else if (holdsIdentity(full, id)) {
      held.set(file, id);
      byBytes = true;
    }
  }
  const strays: string[] = [];
  if (recent.length > 0) {
    byBytes = true;
    const named = namesIn(new Set(recent), [...recorded.keys(), ...unknown]);
    for (const folder of recent) {
      const names = named.get(folder)!;
      for (const entry of listFolder(folder ? `${dir}${path.sep}${folder}` : dir)) {
        if (names.get(entry.name) !== entry.isDirectory()) strays.push(folder ? `${folder}/${entry.name}` : entry.name);
      }
    }
  }
  return { held, strays, state: byBytes ? { folder: state.folder, at: lookedAt } : state, misfitFolders };
}

/** Whether `file` is in one of `folders`, at any depth. */
function inAny(file: string, folders: ReadonlySet<string>): boolean {
  if (folders.size === 0) return false;
  for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) if (folders.has(file.slice(0, slash))) return true;
  return false;
}

/** Adds the folders `file` is in (every one up to the top) to `folders`. */
function addFoldersOf(file: string, folders: Set<string>): void {
  for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
    const folder = file.slice(0, slash);
    if (folders.has(folder)) return;
    folders.add(folder);
  }
}

/** The names each of `folders` holds for `files` to be there, and whether each is a folder. */
function namesIn(folders: ReadonlySet<string>, files: readonly string[]): Map<string, Map<string, boolean>> {
  const named = new Map<string, Map<string, boolean>>([...folders].map((folder) => [folder, new Map()]));
  for (const file of files) {
    // Each folder the file is in, with the name under it that leads to the file.
    for (let end = file.length, isFolder = false; end > 0; isFolder = true) {
      const slash = file.lastIndexOf('/', end - 1);
      named.get(slash === -1 ? '' : file.slice(0, slash))?.set(file.slice(slash + 1, end), isFolder);
      end = slash;
    }
  }
  return named;
}

function listFolder(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
