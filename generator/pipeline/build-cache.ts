import { mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ImageStamps } from '../images/image-stamps.ts';
import { openFileStore, type FileStore, type StoreIndex } from './file-store.ts';
import { writeJsonFile } from './json-file.ts';
import type { PageSize, Size } from './page-sizes.ts';
import type { LastOutput, OutState, SpareState } from './last-output.ts';

/*
 * The build cache: what the last build made, so that the next renders only the pages
 * whose input changed and writes only the files whose bytes did. One folder:
 *
 *   manifest.json      every page's key, every file's identity (a hash of its bytes), what
 *                      the output check keeps of each page, the prices, and the states of
 *                      out/ and its spare as the build left them
 *   store/pack-*.bin   every page's files by identity (file-store.ts), so that a copy of
 *                      the cache on another machine, without out/, still has them
 *   images/<key>.<ext> social cards, icons and the files made from content images, by
 *                      the hash of what decides their bytes
 *   client/<version>/  the client bundle of one version of the code
 *
 * Paths inside are relative, so the folder can be copied (a CI cache). Anything that does
 * not read as this version's cache is ignored with a warning, and a file whose bytes do
 * not match its identity is never used: the worst a broken cache costs is time.
 */

/** Bumped when the manifest's shape or the meaning of a key changes. */
export const CACHE_FORMAT = 4;
const KIND = 'site-build-cache';
/** Images are known by what they are made from (their key), not by a hash of their bytes: they are the images folder's, not the store's. */
const IMAGE = 'image:';
const IMAGE_NAME = /^[0-9a-f]{64}\.(png|jpg|webp|avif)$/;

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

/** The build cache in one folder (see above). */
export interface BuildCache {
  readonly dir: string;
  /** The last build's manifest, or null (no cache, --no-cache, or one that could not be used). */
  readonly previous: Manifest | null;
  /**
   * What the last build left in out/ and its spare, even under --no-cache: a file there is
   * trusted only as last-output.ts checks it on disk, so this costs no exactness, and
   * spares a build from nothing the making of every folder again.
   */
  readonly output: (LastOutput & { outDir: string }) | null;
  readonly imagesDir: string;
  /** The pages' files by identity. */
  readonly store: FileStore;
  /** The folder of the client bundle of code version `version`. */
  clientDir(version: string): string;
  /** The identity an image kept as `images/<name>` (its key and extension) is known by in the site. */
  imageId(name: string): string;
  /** A file of the site the cache keeps, by its identity: an image's path, or a page file's bytes (intact); null when the cache lacks it. */
  find(id: string): string | Buffer | null;
  /** Writes the new manifest (with the store's index), and lets go of the stored files no longer in the site. */
  save(manifest: Omit<Manifest, 'store'>): void;
}

/** Opens the cache in `dir`; with `fresh`, the last build's record is not read (and is replaced by this build's). */
export function openBuildCache(options: { dir: string; fresh?: boolean; onWarning?: (message: string) => void }): BuildCache {
  const dir = path.resolve(options.dir);
  const manifestFile = path.join(dir, 'manifest.json');
  const last = readManifest(manifestFile, options.fresh ? undefined : options.onWarning);
  // A fresh build still appends to the store, which it then tidies to its own files.
  const store = openFileStore(path.join(dir, 'store'), last?.store ?? null);
  return {
    dir,
    previous: options.fresh ? null : last,
    output: last && { outDir: last.outDir, files: last.files, out: last.out, spare: last.spare },
    imagesDir: path.join(dir, 'images'),
    store,
    clientDir: (version) => path.join(dir, 'client', version),
    imageId: (name) => `${IMAGE}${name}`,
    find(id) {
      if (!id.startsWith(IMAGE)) return store.read(id);
      // A name from the record: only ever a key and an extension, never a path out of the folder.
      if (!IMAGE_NAME.test(id.slice(IMAGE.length))) return null;
      const image = path.join(dir, 'images', id.slice(IMAGE.length));
      return (statSync(image, { throwIfNoEntry: false })?.size ?? 0) > 0 ? image : null;
    },
    save(manifest) {
      const pageFiles = new Set([...manifest.files.values()].filter((id) => !id.startsWith(IMAGE)));
      const { index, removeUnused } = store.finish(pageFiles);
      mkdirSync(dir, { recursive: true });
      // Written beside, then renamed: a build killed meanwhile leaves the old manifest whole.
      const temporary = `${manifestFile}.${process.pid}.tmp`;
      const files = { paths: [...manifest.files.keys()], ids: [...manifest.files.values()] };
      writeJsonFile(temporary, { ...manifest, files, store: index } satisfies ManifestFile);
      renameSync(temporary, manifestFile);
      removeUnused();
    },
  };
}

/**
 * The manifest as manifest.json holds it: the files as two lists of the same length
 * (paths, identities), which JSON reads and writes several times faster than an object
 * of 30,000 keys.
 */
type ManifestFile = Omit<Manifest, 'files'> & { files: { paths: string[]; ids: string[] } };

function readManifest(file: string, onWarning?: (message: string) => void): Manifest | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null; // No cache yet: nothing to say.
  }
  const ignored = (why: string) => {
    onWarning?.(`the build cache ${why}; building every page afresh (the cache is rewritten after this build)`);
    return null;
  };
  let manifest: Partial<ManifestFile>;
  try {
    manifest = JSON.parse(text) as Partial<ManifestFile>;
  } catch {
    return ignored(`in ${path.dirname(file)} cannot be read (${path.basename(file)} is not JSON)`);
  }
  if (manifest?.kind !== KIND) return ignored(`in ${path.dirname(file)} is not a site build cache`);
  if (manifest.format !== CACHE_FORMAT) return ignored(`in ${path.dirname(file)} is from another version of site`);
  const shaped =
    typeof manifest.inputs === 'string' &&
    typeof manifest.pages === 'object' &&
    Array.isArray(manifest.files?.paths) &&
    manifest.files.ids?.length === manifest.files.paths.length &&
    typeof manifest.login === 'object' &&
    Array.isArray(manifest.fixedSizes) &&
    typeof manifest.images === 'object' &&
    Array.isArray(manifest.store?.packs) &&
    manifest.store.places?.length === 3 * (manifest.store.ids?.length ?? -1);
  if (!shaped) return ignored(`in ${path.dirname(file)} is damaged`);
  const { paths, ids } = manifest.files!;
  return { ...(manifest as ManifestFile), files: new Map(paths.map((path, index) => [path, ids[index]!])) };
}
