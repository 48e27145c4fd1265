import type { StoreIndex } from './file-store.ts';
import { RecordedFiles } from './file-table.ts';
import type { ChangesFile, LoadedRecord, Manifest, PageRecord, RecordFile } from './record-types.ts';

/* The changes of the build record (see build-record.ts): made, applied, and when too many. */

/**
 * The record is written whole once its changes hold this share of its pages and files (a
 * change of code, which re-keys every page, writes it whole at once)...
 */
const MAX_CHANGED_SHARE = 1 / 8;
/** ...or the builds since have made this many packs of stored files (file-store.ts tidies them when it is). */
const MAX_NEW_PACKS = 16;

/** The record of the last build: manifest.json with the changes since applied. */
export function applyChanges(record: RecordFile, changes: ChangesFile | null): LoadedRecord['manifest'] {
  const { id: _, files: lists, ...rest } = record;
  const files = new RecordedFiles(lists.paths, lists.ids);
  if (!changes) return { ...rest, files };
  const { base: __, pages: changedPages, files: changedFiles, store: stored, ...small } = changes;
  const pages = record.pages;
  for (const [route, page] of Object.entries(changedPages)) {
    if (page) pages[route] = page;
    else delete pages[route];
  }
  changedFiles.paths.forEach((file, index) => {
    const id = changedFiles.ids[index];
    if (id) files.set(file, id);
    else files.delete(file);
  });
  return { ...small, pages, files, store: joined(record.store, stored) };
}

/**
 * What changed from `last` to `next`, added to the changes `last` was read with. A page
 * the build took as it was keeps its record's object, so comparing objects finds the
 * pages it rendered. Counting what `next` has of `last` tells whether anything was
 * removed, which is then looked for.
 */
export function changesSince(last: LoadedRecord, next: Omit<Manifest, 'store'>, stored: StoreIndex): ChangesFile {
  const before = last.manifest;
  const pages: Record<string, PageRecord | null> = { ...last.changes?.pages };
  let pagesKept = 0;
  for (const route in next.pages) {
    const page = next.pages[route]!;
    const had = before.pages[route];
    if (had !== undefined) pagesKept += 1;
    if (had !== page) pages[route] = page;
  }
  if (pagesKept < Object.keys(before.pages).length) for (const route in before.pages) if (!Object.hasOwn(next.pages, route)) pages[route] = null;
  const files = new Map<string, string | null>(last.changes?.files.paths.map((file, index) => [file, last.changes!.files.ids[index] ?? null]));
  let filesKept = 0;
  for (const [file, id] of next.files) {
    const had = before.files.get(file);
    if (had !== undefined) filesKept += 1;
    if (had !== id) files.set(file, id);
  }
  if (filesKept < before.files.size) for (const file of before.files.keys()) if (!next.files.has(file)) files.set(file, null);
  const { pages: _, files: __, ...small } = next;
  return {
    ...small,
    base: last.base.id,
    pages,
    files: { paths: [...files.keys()], ids: [...files.values()] },
    store: last.changes ? joined(last.changes.store, stored) : stored,
  };
}

/** Whether the changes have grown enough for the record to be written whole. */
export function tooLarge(changes: ChangesFile, base: LoadedRecord['base']): boolean {
  const entries = Object.keys(changes.pages).length + changes.files.paths.length;
  return entries > base.entries * MAX_CHANGED_SHARE || changes.store.packs.length > MAX_NEW_PACKS;
}

/** A store index followed by files stored after it (their packs numbered after its own). */
function joined(index: StoreIndex, after: StoreIndex): StoreIndex {
  return { packs: [...index.packs, ...after.packs], ids: [...index.ids, ...after.ids], places: [...index.places, ...after.places] };
}
