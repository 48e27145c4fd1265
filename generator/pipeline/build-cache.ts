import { statSync } from 'node:fs';
import path from 'node:path';
import { readRecord, saveRecord } from './build-record.ts';
import type { Manifest } from './record-types.ts';
import { openFileStore, type FileStore } from './file-store.ts';
import type { LastOutput } from './last-output.ts';
import type { RecordedFiles } from './file-table.ts';

/*
 * The build cache: what the last build made, so that the next renders only the pages
 * whose input changed and writes only the files whose bytes did. One folder:
 *
 *   manifest.json      the record (build-record.ts): every page's key, every file's identity
 *   changes.json       (a hash of its bytes), what the output check keeps of each page, the
 *                      prices, and the states of out/ and its spare as the build left them
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

/** Images are known by what they are made from (their key), not by a hash of their bytes: they are the images folder's, not the store's. */
const IMAGE = 'image:';
const IMAGE_NAME = /^[0-9a-f]{64}\.(png|jpg|webp|avif)$/;

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
  readonly output: (LastOutput & { outDir: string; files: RecordedFiles }) | null;
  readonly imagesDir: string;
  /** The pages' files by identity. */
  readonly store: FileStore;
  /** The folder of the client bundle of code version `version`. */
  clientDir(version: string): string;
  /** The identity an image kept as `images/<name>` (its key and extension) is known by in the site. */
  imageId(name: string): string;
  /** A file of the site the cache keeps, by its identity: an image's path, or a page file's bytes (intact); null when the cache lacks it. */
  find(id: string): string | Buffer | null;
  /** Records the build (build-record.ts): what it changed, or the whole record with the store's index, letting go of the stored files no longer in the site. */
  save(manifest: Omit<Manifest, 'store'>): void;
}

/**
 * Opens the cache in `dir`. With `fresh`, the last build's pages are not used (and the record
 * is replaced by this build's): only what out/ holds and where the store keeps its files are
 * kept of it, so that a build from nothing still leaves alone the files out/ already has.
 */
export function openBuildCache(options: { dir: string; fresh?: boolean; onWarning?: (message: string) => void }): BuildCache {
  const dir = path.resolve(options.dir);
  const loaded = readRecord(dir, options.fresh ? undefined : options.onWarning);
  const last = loaded?.manifest ?? null;
  // What the save journals its changes against, held until then; a fresh build writes the
  // record whole, so the last one's pages can go now.
  const journalBase = options.fresh ? null : loaded;
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
      saveRecord(dir, manifest, { last: journalBase, store, stored: (id) => !id.startsWith(IMAGE) });
    },
  };
}
