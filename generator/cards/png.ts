import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ImageFiles } from '../cache/image-files.ts';
import { CARD_FONT_FILES, loadSharp, renderSlot, sharpVersion } from '../images/image-library.ts';

/* SVG to PNG (social cards, app icons), kept in the cache's images/ by a hash of everything that decides the pixels. */

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

/** The width an SVG document declares (the `width` of its root element), in pixels. */
function svgWidth(svg: string): number {
  const width = Number(/^<svg\b[^>]*?\swidth="([\d.]+)"/.exec(svg)?.[1]);
  if (!(width > 0)) throw new Error('the SVG has no width to render it from');
  return width;
}

/** The key of an SVG drawn at `width`: the same key, the same pixels. */
export function pngKey(svg: string, width: number): string {
  return createHash('sha256').update(`${rendererFingerprint()}\0${width}\0${svg}`).digest('hex');
}

/** A PNG in the images folder: its key, its identity, its file, and whether it was drawn now (else found there, and not yet checked against its identity). */
export interface DrawnPng {
  key: string;
  id: string;
  path: string;
  drawn: boolean;
}

/**
 * The PNG of an SVG document at `width` pixels (height follows the viewBox; `key`, its
 * pngKey when made already): taken from the images folder when drawn before (unless
 * `again`), else drawn there by sharp, the bytes never passing through JavaScript.
 */
export async function drawPng(options: { svg: string; width: number; images: ImageFiles; again?: boolean; key?: string }): Promise<DrawnPng> {
  const { svg, width, images } = options;
  const key = options.key ?? pngKey(svg, width);
  const found = options.again ? null : images.find(key);
  if (found) return { key, ...found, drawn: false };
  const sharp = await loadSharp();
  const temporary = images.temporaryFor(key, 'png');
  // Drawn at `width` pixels: the SVG's own width is 72 dpi, so the density scales it.
  await renderSlot(() => sharp(Buffer.from(svg), { density: (72 * width) / svgWidth(svg) }).png().toFile(temporary));
  return { key, ...images.keep(key, 'png', temporary), drawn: true };
}
