import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { BuildCache } from '../cache/build-cache.ts';
import { holdsIdentity } from '../cache/digest.ts';

/**
 * Where a build finds a file of the last build that the new out/ lacks: in out/ (where
 * the last build's record says it is), in the store of pages, or in the images folder;
 * each checked against its identity before it is used. Null when none is intact.
 */
export function cachedCopies(options: { outDir: string; last: ReadonlyMap<string, string> | null; cache: BuildCache }): (file: string, id: string) => string | null {
  const { outDir, last, cache } = options;
  const intact = (candidate: string | null | undefined, id: string) => (candidate && isFile(candidate) && holdsIdentity(candidate, id) ? candidate : null);
  return (file, id) => {
    const inOut = last?.get(file) === id ? safeJoin(outDir, file) : null;
    return intact(inOut, id) ?? intact(cache.store.pathOf(id), id) ?? intact(cache.images.byId(id)?.path, id);
  };
}

/** `file` under `dir`, unless a path of the record would lead out of it. */
function safeJoin(dir: string, file: string): string | null {
  const full = path.join(dir, file);
  return full.startsWith(dir + path.sep) ? full : null;
}

/** Whether a plain file is at `file` (not when a file stands where a folder of the path should). */
function isFile(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}
