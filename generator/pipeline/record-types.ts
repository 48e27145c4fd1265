import type { ImageStamps } from '../images/image-stamps.ts';
import type { StoreIndex } from './file-store.ts';
import type { FileTable, RecordedFiles } from './file-table.ts';
import type { PageSize, Size } from './page-sizes.ts';
import type { OutState, SpareState } from './last-output.ts';

/* The build record's shapes: in memory (Manifest), and as its two files hold it (build-record.ts). */

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
  kind: 'site-build-cache';
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
  files: FileTable;
  store: StoreIndex;
  prices: Record<string, PriceRecord>;
  /** The image files content.yaml named, as they were (a changed one means the content changed). */
  images: ImageStamps;
  out: OutState | null;
  spare: SpareState | null;
}

/** The fields of the record written whole in both files. */
export type SmallFields = Omit<Manifest, 'pages' | 'files' | 'store'>;

/**
 * manifest.json: the files as two lists of the same length (paths, identities), which
 * JSON reads and writes several times faster than an object of 30,000 keys; `id` names
 * this writing of it, for changes.json.
 */
export type RecordFile = Omit<Manifest, 'files'> & { id: string; files: { paths: string[]; ids: string[] } };

/**
 * changes.json: pages and files changed since manifest.json `base` (null: removed), and
 * the files stored since, their packs numbered after the record's.
 */
export type ChangesFile = SmallFields & { base: string; pages: Record<string, PageRecord | null>; files: { paths: string[]; ids: (string | null)[] }; store: StoreIndex };

/** The record as read: the last build's, and what writing the next one needs to know of the files it came from. */
export interface LoadedRecord {
  manifest: Manifest & { files: RecordedFiles };
  /** The manifest.json it was read from, and the changes since (none when read whole). */
  base: { id: string; entries: number };
  changes: ChangesFile | null;
}
