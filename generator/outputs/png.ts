import { createHash } from 'node:crypto';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { CARD_FONT_FILES, loadSharp } from './image-library.ts';

/* SVG to PNG (social cards, app icons), cached by a hash of everything that decides the pixels. */

const require = createRequire(import.meta.url);

/**
 * How many renders run at once: each holds its image until done, so a batch of 64 cards
 * started together would hold 64 of them. As many as the cores keep them busy.
 */
export const RENDER_SLOTS = Math.min(4, availableParallelism());
let running = 0;
const queue: (() => void)[] = [];
/** Renders running now (for tests of the limit). */
export const rendersRunning = (): number => running;
async function renderSlot<T>(render: () => Promise<T>): Promise<T> {
  // A finished render hands its slot straight to the next in line, so a caller arriving
  // in between cannot take it too.
  if (running < RENDER_SLOTS) running += 1;
  else await new Promise<void>((resolve) => queue.push(resolve));
  try {
    return await render();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}

let rendererKey: string | undefined;

/** What else decides the pixels besides the SVG: sharp's version and the font bytes. */
function rendererFingerprint(): string {
  if (!rendererKey) {
    const hash = createHash('sha256');
    // sharp's exact version pins its libvips (and so its SVG renderer).
    hash.update(JSON.parse(readFileSync(path.join(path.dirname(require.resolve('sharp')), '..', 'package.json'), 'utf8')).version);
    for (const file of CARD_FONT_FILES) hash.update(readFileSync(file));
    rendererKey = hash.digest('hex');
  }
  return rendererKey;
}

function isCompletePng(bytes: Uint8Array): boolean {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const iend = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
  return bytes.length > 20 && signature.every((byte, index) => bytes[index] === byte) && iend.every((byte, index) => bytes[bytes.length - 8 + index] === byte);
}

/** A rendered PNG: its bytes, or (when cached) the cache file to copy them from. */
export interface RenderedPng {
  /** Hash of everything that decides the pixels: the same key, the same image. */
  key: string;
  bytes?: Uint8Array;
  cachedFile?: string;
}

/** The width an SVG document declares (the `width` of its root element), in pixels. */
function svgWidth(svg: string): number {
  const width = Number(/^<svg\b[^>]*?\swidth="([\d.]+)"/.exec(svg)?.[1]);
  if (!(width > 0)) throw new Error('the SVG has no width to render it from');
  return width;
}

/** The cache key of an SVG rendered at `width`: the same key, the same pixels. */
export function pngKey(svg: string, width: number): string {
  return createHash('sha256').update(`${rendererFingerprint()}\0${width}\0${svg}`).digest('hex');
}

/**
 * Renders an SVG document to PNG at `width` pixels (height follows the viewBox). With a
 * cache folder, an SVG rendered before is read back instead: the key hashes the SVG,
 * the width, the renderer version and the fonts, so a changed page renders again.
 */
export async function renderPng(options: { svg: string; width: number; cacheDir: string | null }): Promise<Uint8Array> {
  const rendered = await renderPngCached({ ...options, read: true });
  return rendered.bytes!;
}

/**
 * A cache hit: the entry's size (0 when absent), and the entry marked used. Its
 * modification time is brought up to date once a day at most; entries unused for
 * CACHE_KEEP_DAYS are pruned.
 */
function hitCacheEntry(file: string): number {
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
      if (!name.endsWith('.png')) continue;
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

/** Names each temporary file apart: two pages may draw the same card at once. */
let temporaries = 0;

/**
 * renderPng for many images: with a cache folder, a cached image is not read at all; the
 * caller copies `cachedFile` into place (a large site has thousands of cards).
 */
export async function renderPngCached(options: { svg: string; width: number; cacheDir: string | null; read?: boolean }): Promise<RenderedPng> {
  const { svg, width, cacheDir } = options;
  const key = pngKey(svg, width);
  const cached = cacheDir ? path.join(cacheDir, `${key}.png`) : null;
  if (cached) {
    if (options.read) {
      const bytes = await readFile(cached).catch(() => null);
      if (bytes && isCompletePng(bytes)) {
        hitCacheEntry(cached);
        return { key, bytes };
      }
    } else if (hitCacheEntry(cached) > 20) {
      // Written whole, then renamed into place (below): a file there is complete. A
      // synchronous stat: a few microseconds, where a trip through the thread pool waits
      // for the event loop, and a large site stats thousands of cards.
      return { key, cachedFile: cached };
    }
  }
  const sharp = await loadSharp();
  // Drawn at `width` pixels: the SVG's own width is 72 dpi, so the density scales it.
  const image = () => sharp(Buffer.from(svg), { density: (72 * width) / svgWidth(svg) }).png();
  if (!cached || !cacheDir) return { key, bytes: new Uint8Array(await renderSlot(() => image().toBuffer())) };
  // Straight to the cache file (the bytes never pass through JavaScript), written beside
  // and renamed: a build killed mid-write never leaves half a PNG.
  await mkdir(cacheDir, { recursive: true });
  const temporary = `${cached}.${process.pid}.${(temporaries += 1)}.tmp`;
  await renderSlot(() => image().toFile(temporary));
  await rename(temporary, cached);
  return { key, bytes: options.read ? await readFile(cached) : undefined, cachedFile: cached };
}
