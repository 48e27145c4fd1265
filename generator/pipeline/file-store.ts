import { closeSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { digest } from './digest.ts';

/*
 * The pages' files by identity (a hash of their bytes), kept in a few pack files, as git
 * keeps its objects: a copy of the cache alone (a CI cache restored on another machine,
 * without out/) still has every page, and the cache stays a handful of files however
 * large the site. A build appends what it renders to a pack of its own; the build's
 * record says where each file is. A pack that holds mostly files the site no longer has
 * is rewritten: its live files move to the new pack, and it goes.
 */

/**
 * The store as the build cache's record holds it: the packs, and for the file of
 * identity `ids[i]` its pack, offset and length at `places[3i]`, `[3i + 1]`, `[3i + 2]`
 * (flat lists: JSON reads them several times faster than an object of 20,000 keys).
 */
export interface StoreIndex {
  packs: string[];
  ids: string[];
  places: number[];
}

export interface FileStore {
  /** The file of identity `id`, if the store has it with its bytes intact; else null. */
  read(id: string): Buffer | null;
  /** Adds a file (nothing if the store has it). */
  add(id: string, contents: string | Uint8Array): void;
  /** The files this build added, as an index of its own: the pack it made, numbered after those it was opened with. */
  added(): StoreIndex;
  /** Lets go of the packs' files, keeping every stored file (the record then lists them in `added` beside its index). */
  close(): void;
  /**
   * Keeps the files of `live` and lets go of the rest: returns the index to record, and
   * the clean-up that removes the packs no longer used (to run once the record is saved).
   */
  finish(live: ReadonlySet<string>): { index: StoreIndex; removeUnused: () => void };
}

/** A pack is rewritten once less than this share of its bytes is still in the site. */
const MIN_LIVE_SHARE = 0.5;

/** Opens the store in `dir` as `index` (the last build's record) describes it. */
export function openFileStore(dir: string, index: StoreIndex | null): FileStore {
  const packs = [...(index?.packs ?? [])];
  // Where each file is: `at` into `places`, whose [at], [at + 1] and [at + 2] are its pack
  // (an index into `packs`), offset and length. The record's flat list, with this build's
  // additions after it: a number per file, not an array.
  const places = [...(index?.places ?? [])];
  const entries = new Map<string, number>();
  index?.ids.forEach((id, at) => entries.set(id, 3 * at));
  const packOf = (at: number) => places[at]!;
  const readers = new Map<number, number>();
  // This build's pack, made at its first file, and what it added to it.
  let current: { pack: number; fd: number; size: number } | null = null;
  const added: StoreIndex = { packs: [], ids: [], places: [] };

  const readerOf = (pack: number): number | null => {
    let fd = readers.get(pack);
    if (fd === undefined) {
      try {
        fd = openSync(path.join(dir, packs[pack]!), 'r');
      } catch {
        return null;
      }
      readers.set(pack, fd);
    }
    return fd;
  };
  const readEntry = (at: number): Buffer | null => {
    const [pack, offset, length] = [places[at]!, places[at + 1]!, places[at + 2]!];
    const fd = pack === current?.pack ? current.fd : readerOf(pack);
    if (fd === null) return null;
    const bytes = Buffer.allocUnsafe(length);
    try {
      return readSync(fd, bytes, 0, length, offset) === length ? bytes : null;
    } catch {
      return null;
    }
  };
  const append = (id: string, bytes: Uint8Array) => {
    if (!current) {
      mkdirSync(dir, { recursive: true });
      const name = `pack-${Date.now().toString(36)}-${process.pid}.bin`;
      current = { pack: packs.push(name) - 1, fd: openSync(path.join(dir, name), 'a+'), size: 0 };
      added.packs.push(name);
    }
    writeSync(current.fd, bytes);
    entries.set(id, places.push(current.pack, current.size, bytes.length) - 3);
    added.ids.push(id);
    added.places.push(current.pack, current.size, bytes.length);
    current.size += bytes.length;
  };
  const close = () => {
    for (const fd of readers.values()) closeSync(fd);
    readers.clear();
    if (current) closeSync(current.fd);
  };

  return {
    read(id) {
      const at = entries.get(id);
      const bytes = at === undefined ? null : readEntry(at);
      return bytes && digest(bytes) === id ? bytes : null;
    },
    add(id, contents) {
      if (entries.has(id)) return;
      append(id, typeof contents === 'string' ? Buffer.from(contents) : contents);
    },
    added: () => added,
    close,
    finish(live) {
      // Live bytes per pack; a pack mostly dead has its live files moved to this build's pack.
      const liveBytes = new Map<number, number>();
      for (const id of live) {
        const at = entries.get(id);
        if (at !== undefined) liveBytes.set(packOf(at), (liveBytes.get(packOf(at)) ?? 0) + places[at + 2]!);
      }
      const dropped = new Set<number>();
      packs.forEach((name, pack) => {
        if (pack === current?.pack) return;
        const size = statSync(path.join(dir, name), { throwIfNoEntry: false })?.size ?? 0;
        if ((liveBytes.get(pack) ?? 0) >= size * MIN_LIVE_SHARE && size > 0) return;
        dropped.add(pack);
      });
      for (const id of live) {
        const at = entries.get(id);
        if (at === undefined || !dropped.has(packOf(at))) continue;
        const bytes = readEntry(at);
        if (bytes && digest(bytes) === id) append(id, bytes);
        else entries.delete(id);
      }
      // The index to record: live files only, in the packs still used, numbered anew.
      const kept: string[] = [];
      const renumber = new Map<number, number>();
      const result: StoreIndex = { packs: kept, ids: [], places: [] };
      for (const id of live) {
        const at = entries.get(id);
        if (at === undefined || dropped.has(packOf(at))) continue;
        let pack = renumber.get(packOf(at));
        if (pack === undefined) renumber.set(packOf(at), (pack = kept.push(packs[packOf(at)]!) - 1));
        result.ids.push(id);
        result.places.push(pack, places[at + 1]!, places[at + 2]!);
      }
      close();
      const used = new Set(kept);
      return {
        index: result,
        // Packs no longer used, and any a build killed mid-way left behind.
        removeUnused: () => {
          for (const name of safeReaddir(dir)) if (name.startsWith('pack-') && !used.has(name)) rmSync(path.join(dir, name), { force: true });
        },
      };
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
