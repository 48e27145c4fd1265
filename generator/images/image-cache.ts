import { statSync, utimesSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * The images folder of the build cache: social cards, icons and the files made from
 * content images, each by the hash of what decides its bytes. An entry used by a build is
 * marked (its modification time, at most once a day); entries unused for a month go.
 */

/**
 * A cache hit: the entry's size (0 when absent), and the entry marked used. Its
 * modification time is brought up to date once a day at most; entries unused for
 * CACHE_KEEP_DAYS are pruned.
 */
export function hitCacheEntry(file: string): number {
  try {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats && Date.now() - stats.mtimeMs > DAY_MS) {
      const now = new Date();
      utimesSync(file, now, now);
    }
    return stats?.size ?? 0;
  } catch {
    // Unreadable is absent; a read-only cache still serves, it is only pruned less well.
    return 0;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the folder keeps (not its marker or a temporary file). */
const IMAGE_FILE = /^[0-9a-f]{64}\.(png|jpg|webp|avif)$/;

/** Cached images unused for this many days are deleted (pruneCache). */
export const CACHE_KEEP_DAYS = 30;

/**
 * Deletes the cache entries no build has used for CACHE_KEEP_DAYS (every edited title
 * leaves its old card behind; a 10,000-course site's cards take 1.2 GB). Runs at most once
 * a day per cache, after a build that succeeded; never fails a build.
 */
export async function pruneCache(cacheDir: string, now = Date.now()): Promise<number> {
  const marker = path.join(cacheDir, '.pruned');
  try {
    const last = statSync(marker, { throwIfNoEntry: false });
    if (last && now - last.mtimeMs < DAY_MS) return 0;
    let removed = 0;
    for (const name of await readdir(cacheDir)) {
      if (!IMAGE_FILE.test(name)) continue;
      const file = path.join(cacheDir, name);
      const stats = statSync(file, { throwIfNoEntry: false });
      if (stats && now - stats.mtimeMs > CACHE_KEEP_DAYS * DAY_MS) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    await writeFile(marker, '');
    return removed;
  } catch {
    return 0;
  }
}
