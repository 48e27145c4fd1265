import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ImageStamps } from '../images/image-stamps.ts';
import type { FileStore, StoreIndex } from './file-store.ts';
import { writeJsonFile } from './json-file.ts';
import type { PageSize, Size } from './page-sizes.ts';
import type { OutState, SpareState } from './last-output.ts';

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
 * and removing the changes leaves changes that are simply not read.
 */

/** Bumped when the record's shape or the meaning of a key changes. */
export const CACHE_FORMAT = 5;
const KIND = 'site-build-cache';
const RECORD = 'manifest.json';
const CHANGES = 'changes.json';
/**
 * The record is written whole once its changes hold this share of its pages and files (a
 * change of code, which re-keys every page, writes it whole at once)...
 */
const MAX_CHANGED_SHARE = 1 / 8;
/** ...or the builds since have made this many packs of stored files (file-store.ts tidies them when it is). */
const MAX_NEW_PACKS = 16;

/** What the build keeps of one page (its files follow from its route: see pageFiles). */
export interface PageRecord {
  /** The hash of everything the page is made from (page-input.ts). */
  key: string;
  /** Digests of its title and canonical link, for the check that titles are unique. */
  title: string | null;
  canonical: string;
  /** Its HTML's size; `exact` false when the brotli figure is an upper bound (see measurePage). */
  html: Size;
  exact: boolean;
}

/** A price as visitors see it, by what it is the price of. */
export interface PriceRecord {
  /** What is priced, as people name it: "Boss Moves", "Growth Bundle (original price)". */
  label: string;
  cents: number;
  /** Where it is set, as a content path (for the line to show). */
  path: string;
}

export interface Manifest {
  kind: typeof KIND;
  format: number;
  /** A hash of everything the build read (content, code, options): equal inputs, equal site. */
  inputs: string;
  /** The login gate the pages were made and checked with: the site's URL and the pair's PBKDF2 hash (null: no login). */
  login: { siteUrl: string; hash: string | null };
  /** The absolute out/ the states below are of. */
  outDir: string;
  pages: Record<string, PageRecord>;
  /** What a first visit to each page beside the rendered ones (agency-login) downloads. */
  fixedSizes: PageSize[];
  /** Every file of the site, by its path under out/, and its identity ("image:<key>.<ext>" for images). */
  files: ReadonlyMap<string, string>;
  store: StoreIndex;
  prices: Record<string, PriceRecord>;
  /** The image files content.yaml named, as they were (a changed one means the content changed). */
  images: ImageStamps;
  out: OutState | null;
  spare: SpareState | null;
}

/** The fields of the record written whole in both files. */
type SmallFields = Omit<Manifest, 'pages' | 'files' | 'store'>;

/**
 * manifest.json: the files as two lists of the same length (paths, identities), which
 * JSON reads and writes several times faster than an object of 30,000 keys; `id` names
 * this writing of it, for changes.json.
 */
type RecordFile = Omit<Manifest, 'files'> & { id: string; files: { paths: string[]; ids: string[] } };

/**
 * changes.json: pages and files changed since manifest.json `base` (null: removed), and
 * the files stored since, their packs numbered after the record's.
 */
type ChangesFile = SmallFields & { base: string; pages: Record<string, PageRecord | null>; files: { paths: string[]; ids: (string | null)[] }; store: StoreIndex };

/** The record as read: the last build's, and what writing the next one needs to know of the files it came from. */
export interface LoadedRecord {
  manifest: Manifest;
  /** The manifest.json it was read from, and the changes since (none when read whole). */
  base: { id: string; entries: number };
  changes: ChangesFile | null;
}

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

/** The record of the last build: manifest.json with the changes since applied. */
function applyChanges(record: RecordFile, changes: ChangesFile | null): Manifest {
  const { id: _, files: lists, ...rest } = record;
  const files = new Map(lists.paths.map((file, index) => [file, lists.ids[index]!]));
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
  const store = { packs: [...record.store.packs, ...stored.packs], ids: [...record.store.ids, ...stored.ids], places: [...record.store.places, ...stored.places] };
  return { ...small, pages, files, store };
}

/**
 * What changed from `last` to `next`, added to the changes `last` was read with. A page
 * the build took as it was keeps its record's object, so comparing objects finds the
 * pages it rendered. Counting what `next` has of `last` tells whether anything was
 * removed, which is then looked for.
 */
function changesSince(last: LoadedRecord, next: Omit<Manifest, 'store'>, stored: StoreIndex): ChangesFile {
  const before = last.manifest;
  const pages: Record<string, PageRecord | null> = { ...last.changes?.pages };
  let pagesKept = 0;
  for (const route in next.pages) {
    const page = next.pages[route]!;
    const had = before.pages[route];
    if (had !== undefined) pagesKept += 1;
    if (had !== page) pages[route] = page;
  }
  if (process.env.DBG) console.error("DBG", pagesKept, Object.keys(pages).length, Object.keys(last.changes?.pages ?? {}).length);
  if (pagesKept < Object.keys(before.pages).length) for (const route in before.pages) if (!Object.hasOwn(next.pages, route)) pages[route] = null;
  const files = new Map<string, string | null>(last.changes?.files.paths.map((file, index) => [file, last.changes!.files.ids[index]!]));
  let filesKept = 0;
  for (const [file, id] of next.files) {
    const had = before.files.get(file);
    if (had !== undefined) filesKept += 1;
    if (had !== id) files.set(file, id);
  }
  if (filesKept < before.files.size) for (const file of before.files.keys()) if (!next.files.has(file)) files.set(file, null);
  const earlier = last.changes?.store ?? { packs: [], ids: [], places: [] };
  const { pages: _, files: __, ...small } = next;
  return {
    ...small,
    base: last.base.id,
    pages,
    files: { paths: [...files.keys()], ids: [...files.values()] },
    store: { packs: [...earlier.packs, ...stored.packs], ids: [...earlier.ids, ...stored.ids], places: [...earlier.places, ...stored.places] },
  };
}

function tooLarge(changes: ChangesFile, base: LoadedRecord['base']): boolean {
  const entries = Object.keys(changes.pages).length + changes.files.paths.length;
  return entries > base.entries * MAX_CHANGED_SHARE || changes.store.packs.length > MAX_NEW_PACKS;
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
