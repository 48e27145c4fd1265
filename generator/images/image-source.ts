import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { SLOTS, type ImageSlot } from '../../site/model/images.ts';
import { loadSharp } from './image-library.ts';
import { stampOf } from './image-stamps.ts';

/*
 * An image file as content.yaml names it, checked before anything is made from it: inside
 * the content folder (symbolic links followed), there, not too large to decode safely, an
 * image in the format its name says, and large enough for every slot it fills. Only its
 * header is read here; a file damaged past its header fails when it is encoded.
 */

/** A source larger than this is refused before it is read. */
export const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
/** A source with more pixels than this is refused from its header: decoded, 50 MP take 200 MB. */
export const MAX_SOURCE_PIXELS = 50_000_000;

/** The formats accepted, as sharp names them, by the extensions that may name them. */
const FORMATS: Readonly<Record<string, { name: string; extensions: readonly string[] }>> = {
  jpeg: { name: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  png: { name: 'PNG', extensions: ['.png'] },
  webp: { name: 'WebP', extensions: ['.webp'] },
  avif: { name: 'AVIF', extensions: ['.avif'] },
};

/** A source that passed every check. */
export interface SourceImage {
  /** Its absolute path, links resolved. */
  file: string;
  /** The path content.yaml names it by, made absolute (a link's own, when it is one): what its stamp is of. */
  named: string;
  /** Its name without extension, made safe for a URL: the output files start with it. */
  stem: string;
  /** SHA-256 of its bytes: what decides every file made from it. */
  hash: string;
  /** The size, times and inode of the file `named` leads to, before it was read (image-stamps.ts): a later change shows. */
  stamp: string;
  /** Its size upright (EXIF orientation applied). */
  width: number;
  height: number;
  /** It has transparency: its fallback is PNG rather than JPEG. */
  alpha: boolean;
}

/** What is wrong with a source, for a located problem. */
export interface SourceIssue {
  message: string;
  hint: string;
}

/** What a file that is neither a regular file nor a folder is, in words. */
function specialKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'a special file';
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The largest part of an image of this size a slot's shape can be cropped from. */
export function cropOf(slot: ImageSlot, width: number, height: number): { width: number; height: number } {
  const [w, h] = SLOTS[slot].aspect;
  const cropWidth = Math.min(width, Math.floor((height * w) / h));
  return { width: cropWidth, height: Math.round((cropWidth * h) / w) };
}

/**
 * Reads and checks the source at `src` (relative to `contentDir`) for `slots`. Returns the
 * source, or what is wrong with it and how to fix it.
 */
export async function readSource(src: string, contentDir: string, slots: readonly ImageSlot[]): Promise<SourceImage | SourceIssue> {
  const file = path.resolve(contentDir, src);
  // Stamped first, by the path content.yaml names, whose stat follows links to where they
  // lead now: a link (or a folder of links) pointed at another file since shows as changed,
  // and so does a file saved over after this.
  const stamp = stampOf(file);
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    return {
      message: `the file ${src} does not exist`,
      hint: `Put the image at ${path.relative(process.cwd(), file) || file}, or correct the path (it is read from the folder of content.yaml).`,
    };
  }
  const folder = await realpath(contentDir);
  if (!real.startsWith(folder + path.sep)) {
    return { message: `${src} is a link to a file outside the folder of content.yaml`, hint: 'Copy the image into the folder (a media/ folder beside content.yaml) rather than linking to it.' };
  }
  // Looked at, never opened, before it is known to be a file: opening a named pipe waits for a writer.
  const stats = await stat(real);
  if (stats.isDirectory()) return { message: `${src} is a folder, not an image`, hint: 'Name an image file inside it.' };
  if (!stats.isFile()) return { message: `${src} is not a regular file (it is ${specialKind(stats)}), so it cannot be an image`, hint: 'Name an image file saved on disk, such as media/photo.jpg.' };
  if (stats.size > MAX_SOURCE_BYTES) {
    return {
      message: `${src} is ${megabytes(stats.size)}, larger than the ${megabytes(MAX_SOURCE_BYTES)} an image may be`,
      hint: 'Export it smaller: 3,000 px across at JPEG quality 85 is more than any place on the site shows.',
    };
  }
  const bytes = await readFile(real);
  const sharp = await loadSharp();
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // Only the header is read; the pixel limit is ours, checked below with a better message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { message: `${src} is not an image (its bytes are not JPEG, PNG, WebP or AVIF)`, hint: 'Export the picture again as JPEG, PNG, WebP or AVIF.' };
  }
  const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  const extension = path.extname(src).toLowerCase();
  if (format === 'svg') return { message: `${src} is an SVG image, which is not accepted (an SVG can carry script)`, hint: 'Export it as PNG (keeps transparency), JPEG, WebP or AVIF.' };
  const known = FORMATS[format];
  if (!known) {
    return { message: `${src} is a ${String(format).toUpperCase()} image, which is not accepted`, hint: 'Export it as JPEG, PNG, WebP or AVIF.' };
  }
  if (!known.extensions.includes(extension)) {
    return { message: `${src} is a ${known.name} image, but its name ends in ${extension}`, hint: `Rename it to end in ${known.extensions[0]} (and the path here with it).` };
  }
  const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  if (width * height > MAX_SOURCE_PIXELS) {
    return {
      message: `${src} is ${width} × ${height} px (${Math.round((width * height) / 1e6)} megapixels), more than the ${MAX_SOURCE_PIXELS / 1e6} megapixels an image may have`,
      hint: 'Scale it down before adding it: 3,000 px across is more than any place on the site shows.',
    };
  }
  for (const slot of slots) {
    const spec = SLOTS[slot];
    if (cropOf(slot, width, height).width >= spec.minWidth) continue;
    const [w, h] = spec.aspect;
    const needed = `${spec.minWidth} × ${Math.ceil((spec.minWidth * h) / w)} px`;
    return {
      message: `${src} is ${width} × ${height} px, too small for ${spec.label}: the smallest that fits is ${needed}`,
      hint: `Use a larger original, at least ${needed} (shape ${w}:${h}; a different shape is cropped from the centre).`,
    };
  }
  return {
    file: real,
    named: file,
    stem: path.basename(src, path.extname(src)).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'image',
    hash: createHash('sha256').update(bytes).digest('hex'),
    stamp,
    width,
    height,
    alpha: metadata.hasAlpha === true,
  };
}
