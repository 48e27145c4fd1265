import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FileStore, StoreIndex } from './file-store.ts';
import { writeJsonFile } from './json-file.ts';
import { applyChanges, changesSince, tooLarge } from './record-changes.ts';
import type { ChangesFile, LoadedRecord, Manifest, RecordFile, SmallFields } from './record-types.ts';

/*
 * The build record: what the last build made, as two files of the cache folder.
 *
 *   manifest.json   the record as a build last wrote it whole
 *   changes.json    what the builds since changed of it: the pages and files they added,
 *                   changed or removed, the files they stored, and the record's small
 *                   fields (prices, out/'s state) whole
 *
 * A build that changed a few pages writes what it changed, a few kilobytes, not the
 * whole record (~5 MB at 10,000 courses), as a database appends to its log rather than
 * rewrite its tables. Once the changes hold an eighth of the record (or the store has
 * many new packs), the record is written whole again and the changes go. changes.json
 * names the manifest.json it applies to: a build killed between writing the record whole
 * and removing the changes leaves changes that are simply not read. The shapes are in
 * record-types.ts; how changes are made and applied, in record-changes.ts.
 */

/** Bumped when the record's shape or the meaning of a key changes. */
export const CACHE_FORMAT = 6;
const KIND = 'site-build-cache';
const RECORD = 'manifest.json';
const CHANGES = 'changes.json';

/** Reads the record in `dir`; null when there is none, or (with a warning) one that is not this version's or is damaged. */
export function readRecord(dir: string, onWarning?: (message: string) => void): LoadedRecord | null {
  const ignored = (problem: string) => {
    onWarning?.(`the build cache in ${dir} ${problem}; building every page afresh (the cache is rewritten after this build)`);
    return null;
  };
  const record = readRecordFile(path.join(dir, RECORD), isRecordShaped);
  if (record === null) return null; // No cache yet: nothing to say.
  if (typeof record === 'string') return ignored(record);
  let changes = readRecordFile(path.join(dir, CHANGES), isChangesShaped);
  if (typeof changes === 'string') return ignored(changes);
  // Changes of another writing of manifest.json: a build killed as it wrote the record whole left them, and they are in it.
  if (changes?.base !== record.id) changes = null;
  const base = { id: record.id, entries: record.files.paths.length + Object.keys(record.pages).length };
  return { manifest: applyChanges(record, changes), base, changes };
}

/**
 * Saves `next`, the record of the build that just ended: its changes since `last` added
 * to changes.json, or the whole record when there is no last (a first build, --no-cache)
 * or the changes have grown large. The store is closed, and tidied when written whole
 * (`stored`: the identities it keeps, as against images).
 */
export function saveRecord(
  dir: string,
  next: Omit<Manifest, 'store'>,
  context: { last: LoadedRecord | null; store: FileStore; stored: (id: string) => boolean },
): void {
  const { last, store } = context;
  mkdirSync(dir, { recursive: true });
  const changes = last && changesSince(last, next, store.added());
  if (changes && !tooLarge(changes, last.base)) {
    store.close();
    writeAtomically(path.join(dir, CHANGES), changes);
    return;
  }
  const live = new Set<string>();
  for (const id of next.files.values()) if (context.stored(id)) live.add(id);
  const { index, removeUnused } = store.finish(live);
  const files = { paths: [...next.files.keys()], ids: [...next.files.values()] };
  writeAtomically(path.join(dir, RECORD), { ...next, id: `${Date.now().toString(36)}-${process.pid}`, files, store: index } satisfies RecordFile);
  rmSync(path.join(dir, CHANGES), { force: true });
  removeUnused();
}

/** Written beside, then renamed: a build killed meanwhile leaves the file before it whole. */
function writeAtomically(file: string, value: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeJsonFile(temporary, value);
  renameSync(temporary, file);
}

/** A file of the record: null when there is none; what is wrong with it when it is not one this version can use. */
function readRecordFile<T extends SmallFields>(file: string, shaped: (value: Partial<T>) => boolean): T | string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  let value: Partial<T>;
  try {
    value = JSON.parse(text) as Partial<T>;
  } catch {
    return `cannot be read (${path.basename(file)} is not JSON)`;
  }
  if (value?.kind !== KIND) return 'is not a site build cache';
  if (value.format !== CACHE_FORMAT) return 'is from another version of site';
  const small = typeof value.inputs === 'string' && typeof value.login === 'object' && Array.isArray(value.fixedSizes) && typeof value.images === 'object';
  return small && shaped(value) ? (value as T) : 'is damaged';
}

const isStoreIndex = (store: Partial<StoreIndex> | undefined) => Array.isArray(store?.packs) && Array.isArray(store.ids) && store.places?.length === 3 * store.ids.length;

function isRecordShaped(record: Partial<RecordFile>): boolean {
  return (
    typeof record.id === 'string' &&
    typeof record.pages === 'object' &&
    Array.isArray(record.files?.paths) &&
    record.files.ids?.length === record.files.paths.length &&
    isStoreIndex(record.store)
  );
}

function isChangesShaped(changes: Partial<ChangesFile>): boolean {
  return typeof changes.pages === 'object' && Array.isArray(changes.files?.paths) && changes.files.ids?.length === changes.files.paths.length && isStoreIndex(changes.store);
}
