import path from 'node:path';
import type { BuildCache } from '../cache/build-cache.ts';
import { holdsIdentity, isPlainFile } from '../cache/digest.ts';

/**
 * Where a build finds a file of the last build that the new out/ lacks: in out/ (where
 * the last build's record says it is), in the store of pages, or in the images folder;
 * each checked against its identity before it is used. `copyOf` gives null when none is
 * intact; `damaged` counts the cache's copies found not to match their identity (a file
 * of out/ changed by hand is not the cache's damage: the next build puts it right).
 */
export function cachedCopies(options: { outDir: string; last: ReadonlyMap<string, string> | null; cache: BuildCache }): { copyOf: (file: string, id: string) => string | null; damaged: () => number } {
  const { outDir, last, cache } = options;
  let damaged = 0;
  const intact = (candidate: string | null | undefined, id: string, inCache: boolean) => {
    if (!candidate || !isPlainFile(candidate)) return null;
    if (holdsIdentity(candidate, id)) return candidate;
    if (inCache) damaged += 1;
    return null;
  };
  return {
    copyOf(file, id) {
      const inOut = last?.get(file) === id ? safeJoin(outDir, file) : null;
      return intact(inOut, id, false) ?? intact(cache.store.pathOf(id), id, true) ?? intact(cache.images.byId(id)?.path, id, true);
    },
    damaged: () => damaged,
  };
}

/** `file` under `dir`, unless a path of the record would lead out of it. */
function safeJoin(dir: string, file: string): string | null {
  const full = path.join(dir, file);
  return full.startsWith(dir + path.sep) ? full : null;
}
