import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { SLOTS, type ImageSlot, type ImageType } from '../../site/model/images.ts';
import type { ImageFile, ImageFiles } from '../cache/image-files.ts';
import { loadSharp, renderSlot, sharpVersion } from './image-library.ts';
import { cropOf, MAX_SOURCE_PIXELS, type SourceImage } from './image-source.ts';

/*
 * The files made from one source for one slot: each width the slot needs (none wider than
 * the source) in AVIF and WebP, and a JPEG (PNG when the source has transparency) for
 * browsers without them. A file's key hashes everything that decides its bytes (the
 * source's, the crop, the width, the encoder and its settings), so it is made once and
 * then taken from the build cache's images/ folder (cache/image-files.ts); its name in out/ carries the key, so
 * hosts can cache it for ever.
 */

type Format = 'avif' | 'webp' | 'jpeg' | 'png';

/**
 * Encoder settings: the quality each format needs to look alike. AVIF at effort 2, not
 * sharp's 4: a tenth of the time for files about a third larger (README.md, figures),
 * still smaller than WebP; a site's first build makes every file, and CI's may be cold.
 */
const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, effort: 7 },
} as const;

const EXTENSIONS: Record<Format, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };
const TYPES: Record<Format, ImageType> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/** One file to make. */
export interface ImageVariant {
  /** Its path under out/: images/<name>-<width>.<key>.<ext>. */
  file: string;
  /** The hash of everything that decides its bytes. */
  key: string;
  type: ImageType;
  format: Format;
  width: number;
  height: number;
  slot: ImageSlot;
  source: SourceImage;
}

/** The files a slot needs from a source, grouped by format, the fallback last. */
export function variantsOf(source: SourceImage, slot: ImageSlot): ImageVariant[][] {
  const spec = SLOTS[slot];
  const crop = cropOf(slot, source.width, source.height);
  const widths = spec.widths.filter((width) => width <= crop.width);
  // Transparency needs PNG, except on the social image, which is flattened onto white.
  const fallback: Format = source.alpha && slot !== 'social' ? 'png' : 'jpeg';
  const formats: Format[] = spec.modern ? ['avif', 'webp', fallback] : [fallback];
  return formats.map((format) =>
    widths.map((width) => {
      const height = Math.round((width * spec.aspect[1]) / spec.aspect[0]);
      const key = createHash('sha256')
        .update(JSON.stringify([sharpVersion(), source.hash, spec.aspect, width, height, format, ENCODERS[format], spec.modern]))
        .digest('hex');
      const extension = EXTENSIONS[format];
      return {
        file: `images/${source.stem}-${width}.${key.slice(0, 10)}.${extension}`,
        key,
        type: TYPES[format],
        format,
        width,
        height,
        slot,
        source,
      };
    }),
  );
}

/**
 * Makes a variant from its source's bytes into the images folder, unless it is there (or `again`);
 * returns the file. The source is decoded with the pixel limit, and a file damaged past
 * its header fails here (sharp stops at the first decoder warning).
 */
export async function makeVariant(variant: ImageVariant, sourceBytes: () => Promise<Buffer>, images: ImageFiles, again = false): Promise<ImageFile & { made: boolean }> {
  const found = again ? null : images.find(variant.key);
  if (found) return { ...found, made: false };
  const bytes = await sourceBytes();
  const sharp = await loadSharp();
  const extension = EXTENSIONS[variant.format];
  const temporary = images.temporaryFor(variant.key, extension);
  await renderSlot(async () => {
    // Metadata (EXIF, XMP, ICC beyond sRGB) is dropped: sharp keeps none unless asked.
    let image = sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'warning' })
      .autoOrient()
      .resize(variant.width, variant.height, { fit: 'cover', position: 'centre' });
    if (variant.format === 'jpeg') image = image.flatten({ background: '#ffffff' }).jpeg(ENCODERS.jpeg);
    else if (variant.format === 'png') image = image.png(ENCODERS.png);
    else if (variant.format === 'webp') image = image.webp(ENCODERS.webp);
    else image = image.avif(ENCODERS.avif);
    try {
      await image.toFile(temporary);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  });
  return { ...images.keep(variant.key, extension, temporary), made: true };
}
