import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { CACHE_ROOT } from '../paths.ts';

/*
 * Brotli sizes (quality 11, as a host precompresses) remembered by content hash, so an
 * unchanged chunk is never compressed twice: quality 11 costs about a second per MB, and
 * most chunks are the same from one build to the next.
 */

const CACHE_FILE = path.join(CACHE_ROOT, 'brotli-sizes.json');
let cache: Map<string, number> | null = null;
let dirty = false;
/** Sizes measured since takeMeasuredBrotliSizes last ran. */
let measured: [string, number][] = [];

function load(): Map<string, number> {
  if (cache) return cache;
  try {
    cache = new Map(Object.entries(JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as Record<string, number>));
  } catch {
    cache = new Map();
  }
  return cache;
}

/** The brotli size of `contents`, from the cache when this exact content was measured before. */
export function brotliSize(contents: string | Uint8Array): number {
  const sizes = load();
  const key = createHash('sha256').update(contents).digest('base64url').slice(0, 22);
  let size = sizes.get(key);
  if (size === undefined) {
    size = brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizes.set(key, size);
    dirty = true;
    measured.push([key, size]);
  }
  return size;
}

/** Sizes measured in this thread since the last call: a render worker hands them to the build's thread, which saves the cache. */
export function takeMeasuredBrotliSizes(): [string, number][] {
  const taken = measured;
  measured = [];
  return taken;
}

/** Adds sizes measured elsewhere (a render worker) to this thread's cache. */
export function addBrotliSizes(entries: readonly [string, number][]): void {
  if (entries.length === 0) return;
  const sizes = load();
  for (const [key, size] of entries) sizes.set(key, size);
  dirty = true;
}

/** Writes the cache back (atomically; a failure to write only costs time next build). */
export function saveBrotliSizes(): void {
  if (!dirty || !cache) return;
  try {
    mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
    // Keep the cache bounded: the newest 5,000 entries.
    const entries = [...cache].slice(-5000);
    const temporary = `${CACHE_FILE}.${process.pid}`;
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(entries)));
    renameSync(temporary, CACHE_FILE);
    dirty = false;
  } catch {
    // Read-only node_modules: fine.
  }
}
