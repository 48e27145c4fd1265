import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { hitCacheEntry } from '../images/image-cache.ts';
import { CARD_FONT_FILES, loadSharp, renderSlot, sharpVersion } from '../images/image-library.ts';

/* SVG to PNG (social cards, app icons), cached by a hash of everything that decides the pixels. */

let rendererKey: string | undefined;

/** What else decides the pixels besides the SVG: sharp's version and the font bytes. */
function rendererFingerprint(): string {
  if (!rendererKey) {
    const hash = createHash('sha256');
    // sharp's exact version pins its libvips (and so its SVG renderer).
    hash.update(sharpVersion());
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
