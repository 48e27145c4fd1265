import { readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { digestFile } from './digest.ts';
import { clearForFile, makeFolder, removeFile, statOf } from './on-disk.ts';

/*
 * The files the build draws or encodes (social cards, icons, the files made from
 * content.yaml's images), kept in the cache's images/ folder by the hash of what decides
 * their bytes (their key), like Hugo's resources, and named with the hash of their bytes
 * too: images/<first two hex digits of the key>/<key>.<hash>.<ext>. The key finds a file
 * without making it again; the name is the file's identity in the site, and the hash in
 * it checks the file before it is used.
 */

/** A file of the folder: where it is, and its identity (its name). */
export interface ImageFile {
  path: string;
  id: string;
}

export interface ImageFiles {
  readonly dir: string;
  /** The file made from `key`, if the folder has one (not yet checked against its identity). */
  find(key: string): ImageFile | null;
  /** The file of identity `id` (a name of this folder's), whether or not it is there. */
  byId(id: string): ImageFile | null;
  /** Keeps a file made at `temporary` (from temporaryFor) under `key`; returns it. */
  keep(key: string, extension: string, temporary: string): ImageFile;
  /** Where to make a file before keeping it. */
  temporaryFor(key: string, extension: string): string;
  /** Removes the files of `ids`. */
  remove(ids: Iterable<string>): void;
  /** Removes every file whose identity is not in `keep`, and what builds left half-made. */
  prune(keep: ReadonlySet<string>): void;
}

const NAME = /^([0-9a-f]{64})\.([0-9a-f]{40})\.(png|jpg|webp|avif)$/;
const HOUR_MS = 60 * 60 * 1000;

/** Names each temporary file of this process apart. */
let temporaries = 0;

/** The images folder `dir`; each of its subfolders is listed once, when first asked. */
export function openImageFiles(dir: string): ImageFiles {
  // Each listed subfolder's files, by key: their names only (a folder of 10,000 cards is
  // listed whole during a build), the path made when a file is asked for.
  const listed = new Map<string, Map<string, string>>();
  const folderOf = (key: string) => path.join(dir, key.slice(0, 2));
  const namesByKey = (key: string): Map<string, string> => {
    const folder = folderOf(key);
    let names = listed.get(folder);
    if (!names) {
      names = new Map();
      for (const name of safeReaddir(folder)) {
        const match = NAME.exec(name);
        if (match) names.set(match[1]!, name);
      }
      listed.set(folder, names);
    }
    return names;
  };
  return {
    dir,
    find(key) {
      const name = namesByKey(key).get(key);
      return name === undefined ? null : { path: path.join(folderOf(key), name), id: name };
    },
    byId(id) {
      const key = NAME.exec(id)?.[1];
      return key ? { path: path.join(folderOf(key), id), id } : null;
    },
    temporaryFor(key, extension) {
      makeFolder(dir);
      makeFolder(folderOf(key));
      return path.join(folderOf(key), `${key}.${process.pid}-${(temporaries += 1)}.tmp.${extension}`);
    },
    keep(key, extension, temporary) {
      const id = `${key}.${digestFile(temporary)}.${extension}`;
      const file = { path: path.join(folderOf(key), id), id };
      clearForFile(file.path);
      renameSync(temporary, file.path);
      const names = namesByKey(key);
      const older = names.get(key);
      if (older !== undefined && older !== id) rmSync(path.join(folderOf(key), older), { force: true });
      names.set(key, id);
      return file;
    },
    remove(ids) {
      for (const id of ids) {
        const key = NAME.exec(id)?.[1];
        if (!key) continue;
        removeFile(path.join(folderOf(key), id));
        listed.get(folderOf(key))?.delete(key);
      }
    },
    prune(keep) {
      for (const entry of safeReaddir(dir)) {
        const folder = path.join(dir, entry);
        if (!/^[0-9a-f]{2}$/.test(entry) || !statOf(folder)?.isDirectory()) {
          rmSync(folder, { recursive: true, force: true });
          continue;
        }
        for (const name of safeReaddir(folder)) {
          if (keep.has(name)) continue;
          const file = path.join(folder, name);
          // A file being made now (site dev shares the folder) is left to the one making it.
          if (name.includes('.tmp.') && Date.now() - (statOf(file)?.mtimeMs ?? 0) < HOUR_MS) continue;
          rmSync(file, { recursive: true, force: true });
        }
      }
      listed.clear();
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
