import { copyFileSync, linkSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { digest, holdsIdentity, isIdentity } from './digest.ts';
import { clearForFile, makeFolder, readFileNow, removeFile, statOf } from './on-disk.ts';

/*
 * The pages' files by the hash of their bytes, one file each (store/<first two hex
 * digits>/<hash>), as git keeps loose objects: a copy of the cache alone (a CI cache
 * restored without out/) still has every page. A file is put in under a temporary name
 * and renamed into place, so a name in the store always has whole bytes; they are checked
 * against the name when read all the same, and a damaged file reads as missing.
 */

export interface FileStore {
  /** Where the file of identity `id` is kept (whether or not it is there). */
  pathOf(id: string): string;
  /** Keeps the bytes of `file` (whose identity is `id`), unless the store has them intact: a link to it, or a copy where a link cannot be made. */
  keep(id: string, file: string): void;
  /** The bytes of `id`, if the store has them intact; null when missing or damaged. */
  read(id: string): Buffer | null;
  /** Removes the files of `ids`. */
  remove(ids: Iterable<string>): void;
  /** Removes every file but those of `keep`, and anything else left in the folder. */
  prune(keep: ReadonlySet<string>): void;
}

/** The store in `dir` (made when the first file is kept). */
export function openFileStore(dir: string): FileStore {
  const pathOf = (id: string) => path.join(dir, id.slice(0, 2), id);
  const folders = new Set<string>();
  return {
    pathOf,
    keep(id, file) {
      const target = pathOf(id);
      // A kept file is a link to a page of out/: edited there in place, it is damaged here
      // too, and the page rendered again replaces it.
      const kept = statOf(target);
      if (kept?.isFile()) {
        const source = statSync(file);
        if ((kept.ino === source.ino && kept.dev === source.dev) || holdsIdentity(target, id)) return;
      }
      const folder = path.dirname(target);
      if (!folders.has(folder)) {
        makeFolder(dir);
        makeFolder(folder);
        folders.add(folder);
      }
      const temporary = `${target}.${process.pid}.tmp`;
      rmSync(temporary, { force: true });
      try {
        linkSync(file, temporary);
      } catch {
        copyFileSync(file, temporary);
      }
      clearForFile(target);
      renameSync(temporary, target);
    },
    read(id) {
      if (!isIdentity(id)) return null;
      let bytes: Buffer;
      try {
        bytes = readFileNow(pathOf(id));
      } catch {
        return null;
      }
      return digest(bytes) === id ? bytes : null;
    },
    remove(ids) {
      for (const id of ids) if (isIdentity(id)) removeFile(pathOf(id));
    },
    prune(keep) {
      for (const entry of safeReaddir(dir)) {
        const folder = path.join(dir, entry);
        const names = /^[0-9a-f]{2}$/.test(entry) && statOf(folder)?.isDirectory() ? safeReaddir(folder) : null;
        if (names === null) {
          rmSync(folder, { recursive: true, force: true });
          continue;
        }
        for (const name of names) if (!keep.has(name)) rmSync(path.join(folder, name), { recursive: true, force: true });
      }
    },
  };
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
