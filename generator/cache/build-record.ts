import { lstatSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PriceRecord } from '../content/prices.ts';
import type { ImageStamps } from '../images/image-stamps.ts';
import type { Downloads } from '../build/build-result.ts';
import type { PageSize, Size } from '../check/page-sizes.ts';
import type { FolderState, SpareState } from '../output/folder-state.ts';
import { makeFolders, readFileNow } from './on-disk.ts';

/*
 * The build record: what the last build made, one JSON file of the cache folder
 * (record.json), written whole beside and renamed into place, so a reader finds the last
 * complete one or none. Anything that does not read as this version's record is ignored
 * with a warning: the worst a bad record costs is time.
 */

/** Bumped when the record's shape or the meaning of a key changes. */
export const RECORD_FORMAT = 8;
const KIND = 'site-build-cache';
export const RECORD_FILE = 'record.json';

/** What the build keeps of one page (its files follow from its route). */
export interface PageRecord {
  /** The hash of everything the page is made from (plan/page-key.ts). */
  key: string;
  /** Digests of its title and canonical link, for the check that titles are unique. */
  title: string | null;
  canonical: string;
  /** Its HTML's size; `exact` false when the brotli figure is an upper bound. */
  html: Size;
  exact: boolean;
}

/** The last build, as a later build reads it. */
export interface BuildRecord {
  /** A hash of everything the build read (content, code, options, images, login): equal inputs, equal site. */
  inputs: string;
  /** The login gate the pages were made and checked with: the site's URL and the pair's PBKDF2 hash (null: no login). */
  login: { siteUrl: string; hash: string | null };
  /** The absolute out/ the folder states below are of. */
  outDir: string;
  pages: Record<string, PageRecord>;
  /** Every file of the site, by its path under out/, and its identity. */
  files: Map<string, string>;
  /** What a first visit downloads at most besides the HTML (the client bundle's figures, for an up-to-date build to report). */
  downloads: Downloads;
  /** What a first visit to each page that is not rendered (agency-login) downloads. */
  fixedSizes: PageSize[];
  prices: Record<string, PriceRecord>;
  /** The image files content.yaml named, as they were when read. */
  images: ImageStamps;
  out: FolderState | null;
  spare: SpareState | null;
  /** The identities of files the build before used and this one did not: the next build lets go of them (build-cache.ts tidyCache). */
  retired: string[];
}

/** The record as the file holds it: the files as two lists of one length, paths and identities (README.md says why not an object). */
type RecordFile = Omit<BuildRecord, 'files'> & { kind: typeof KIND; format: number; files: { paths: string[]; ids: string[] } };

/** Reads the record in `dir`: null when there is none, or (with a warning) one that is not this version's or is damaged. */
export function readRecord(dir: string, onWarning?: (message: string) => void): BuildRecord | null {
  const file = path.join(dir, RECORD_FILE);
  const ignored = (problem: string) => {
    onWarning?.(`the build cache in ${dir} ${problem}; building every page afresh (the cache is rewritten after this build)`);
    return null;
  };
  let text: string;
  try {
    text = readFileNow(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? null : ignored(`cannot be read (${RECORD_FILE}: ${code === 'EISDIR' ? 'a folder' : code})`);
  }
  let value: Partial<RecordFile>;
  try {
    value = JSON.parse(text) as Partial<RecordFile>;
  } catch {
    return ignored(`cannot be read (${RECORD_FILE} is not JSON)`);
  }
  if (value?.kind !== KIND) return ignored('is not a site build cache');
  if (value.format !== RECORD_FORMAT) return ignored('is from another version of site');
  if (!isRecordShaped(value)) return ignored('is damaged');
  const { kind: _, format: __, files, ...rest } = value;
  const table = new Map<string, string>();
  files.paths.forEach((file, index) => table.set(file, files.ids[index]!));
  return { ...rest, files: table };
}

function isRecordShaped(value: Partial<RecordFile>): value is RecordFile {
  return (
    typeof value.inputs === 'string' &&
    typeof value.login === 'object' &&
    typeof value.outDir === 'string' &&
    typeof value.pages === 'object' &&
    value.pages !== null &&
    Array.isArray(value.fixedSizes) &&
    typeof value.downloads?.js === 'number' &&
    typeof value.downloads.css === 'number' &&
    typeof value.prices === 'object' &&
    typeof value.images === 'object' &&
    Array.isArray(value.retired) &&
    Array.isArray(value.files?.paths) &&
    Array.isArray(value.files.ids) &&
    value.files.ids.length === value.files.paths.length &&
    // The record names files a build removes and replaces: never one outside out/.
    value.files.paths.every((file) => typeof file === 'string' && SITE_PATH.test(file)) &&
    value.files.ids.every((id) => typeof id === 'string' && IDENTITY.test(id)) &&
    Array.isArray(value.spare?.differs ?? []) &&
    (value.spare?.differs ?? []).every((file) => typeof file === 'string' && SITE_PATH.test(file))
  );
}

/** An identity (cache/digest.ts): a hash of bytes, or a made image's name. */
const IDENTITY = /^(?:[0-9a-f]{40}|[0-9a-f]{64}\.[0-9a-f]{40}\.(?:png|jpg|webp|avif))$/;

/** A path under out/ as a build names it: relative, "/"-separated, no empty, "." or ".." segment. */
const SITE_PATH = /^(?:(?!\.\.?\/)[^/\\\0]+\/)*(?!\.\.?$)[^/\\\0]+$/;

/**
 * Writes `record` beside the record file; `commit` puts it in place. A build writes it
 * before it swaps out/ (a full disk then fails the build with out/ as it was) and puts it
 * in place after: killed in between, the next build reads the record before and finds
 * out/ other than it says, which it does not trust.
 */
export function prepareRecord(dir: string, record: BuildRecord): { commit: () => void; discard: () => void } {
  const file = path.join(dir, RECORD_FILE);
  // One build at a time holds the cache (cache-lock.ts), so one name does: a build killed
  // before the rename leaves a file the next one writes over.
  const temporary = `${file}.tmp`;
  makeFolders(dir);
  const { files, ...rest } = record;
  const written: RecordFile = { kind: KIND, format: RECORD_FORMAT, ...rest, files: { paths: [...files.keys()], ids: [...files.values()] } };
  writeFileSync(temporary, JSON.stringify(written));
  return {
    commit() {
      // A folder where the record goes (put there by hand) would refuse the rename.
      if (lstatSync(file, { throwIfNoEntry: false })?.isDirectory()) rmSync(file, { recursive: true, force: true });
      renameSync(temporary, file);
    },
    discard: () => rmSync(temporary, { force: true }),
  };
}
