import path from 'node:path';
import { readRecord, type BuildRecord } from './build-record.ts';
import { openFileStore, type FileStore } from './file-store.ts';
import { openImageFiles, type ImageFiles } from './image-files.ts';

/*
 * The build cache: what the last build made, so that the next renders only the pages
 * whose key changed and writes only the files out/ lacks. One folder (README.md):
 *
 *   record.json            the last build's record: every page's key, every file's identity
 *   store/<xx>/<identity>  the pages' files by the hash of their bytes
 *   images/<key>.<identity>.<ext>  cards, icons and the files made from content.yaml's
 *                          images, by what decides their bytes
 *   client/<version>/      the client bundle of one version of the code
 *   lock                   held by the build using the cache
 *
 * Paths inside are relative, so the folder can be copied (a CI cache). A record that does
 * not read as this version's is ignored with a warning; a file whose bytes do not match
 * its identity is never used. The worst a damaged cache costs is time.
 */

export interface BuildCache {
  readonly dir: string;
  /** The last build's record; null when there is none, it could not be used, or with `fresh` (--no-cache). */
  readonly record: BuildRecord | null;
  readonly store: FileStore;
  readonly images: ImageFiles;
  /** Where client bundles are kept. */
  readonly clientDir: string;
}

/** Opens the cache in `dir`; with `fresh`, the last build's record is not read. */
export function openBuildCache(options: { dir: string; fresh?: boolean; onWarning?: (message: string) => void }): BuildCache {
  const dir = path.resolve(options.dir);
  return {
    dir,
    record: options.fresh ? null : readRecord(dir, options.onWarning),
    store: openFileStore(path.join(dir, 'store')),
    images: openImageFiles(path.join(dir, 'images')),
    clientDir: path.join(dir, 'client'),
  };
}

/**
 * Lets go of what the cache keeps for neither this build's site nor the last one's (an
 * edit undone takes its pages back): the pages' files and the images the last build
 * stopped using (`retired`, which its record lists) and this one did not take up again.
 * With no last build to go by, every file of neither site goes.
 */
export function tidyCache(cache: BuildCache, site: ReadonlyMap<string, string>, last: { retired: readonly string[] } | null): void {
  const now = new Set(site.values());
  if (last) {
    const gone = last.retired.filter((id) => !now.has(id));
    cache.store.remove(gone);
    cache.images.remove(gone);
  } else {
    cache.store.prune(now);
    cache.images.prune(now);
  }
}

/** The identities of the files the last build's site had and this one's has not. */
export function retiredIds(last: ReadonlyMap<string, string>, site: ReadonlyMap<string, string>): string[] {
  const now = new Set(site.values());
  return [...new Set([...last.values()].filter((id) => !now.has(id)))];
}
