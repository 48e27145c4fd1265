import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageFiles } from '../cache/image-files.ts';
import type { ImageStamps } from './image-stamps.ts';
import { sizesOf, SLOTS, srcsetOf, type ImageSlot, type ImageView } from '../../site/model/images.ts';
import { imageUsesOf, type ImageUse } from './image-uses.ts';
import { readSource, type SourceImage } from './image-source.ts';
import { makeVariant, variantsOf, type ImageVariant } from './image-variants.ts';

/*
 * The images of a site: read and checked with the content (what every command does), then
 * made by `site build` and `site dev` (makeImages). Pages see each as an ImageView, whose
 * file names follow from the sources' bytes: so pages can be keyed and rendered before,
 * or without, the files being made.
 */

export interface SiteImages {
  /** The view of the image at a content path (like ["books", 0, "cover"]) in a slot; undefined when there is none. */
  view(contentPath: readonly (string | number)[], slot: ImageSlot): ImageView | undefined;
  /** Every file to make, once each. */
  variants: ImageVariant[];
  /** The source files, absolute: a build whose content is unchanged is still redone when one of them changes. */
  sources: string[];
  /** Each source file's stamp, taken before it was read. */
  stamps: ImageStamps;
  /** Which content paths use each source file (for a problem found while making its files). */
  uses: ReadonlyMap<string, readonly ImageUse[]>;
}

/** What is wrong with an image field, where (its content path), and how to fix it: content/ locates it in the file. */
export interface ImageIssue {
  path: (string | number)[];
  message: string;
  hint: string;
}

export const NO_IMAGES: SiteImages = { view: () => undefined, variants: [], sources: [], stamps: {}, uses: new Map() };

/**
 * Reads and checks every image content.yaml (at `contentFile`) names in its plain `data`:
 * the images, and an issue per field whose file is wrong.
 */
export async function readImages(data: unknown, contentFile: string): Promise<{ images: SiteImages; issues: ImageIssue[] }> {
  const uses = imageUsesOf(data);
  if (uses.length === 0) return { images: NO_IMAGES, issues: [] };
  const contentDir = path.dirname(path.resolve(contentFile));
  const read = await Promise.all(uses.map((use) => readSource(use.image.src, contentDir, use.slots)));
  const issues: ImageIssue[] = [];
  const views = new Map<string, ImageView>();
  const variants = new Map<string, ImageVariant>();
  const byFile = new Map<string, ImageUse[]>();
  read.forEach((source, index) => {
    const use = uses[index]!;
    if (!('file' in source)) {
      issues.push({ path: [...use.path, 'src'], message: source.message, hint: source.hint });
      return;
    }
    byFile.set(source.file, [...(byFile.get(source.file) ?? []), use]);
    for (const slot of use.slots) {
      const groups = variantsOf(source, slot);
      for (const variant of groups.flat()) variants.set(variant.file, variant);
      views.set(viewKey(use.path, slot), viewOf(use, slot, groups));
    }
  });
  const images: SiteImages = {
    view: (contentPath, slot) => views.get(viewKey(contentPath, slot)),
    variants: [...variants.values()],
    sources: [...byFile.keys()],
    stamps: Object.fromEntries(read.flatMap((source) => ('file' in source ? [[source.named, source.stamp]] : []))),
    uses: byFile,
  };
  return { images, issues };
}

const viewKey = (contentPath: readonly (string | number)[], slot: ImageSlot) => `${contentPath.join('.')}\0${slot}`;

function viewOf(use: ImageUse, slot: ImageSlot, groups: ImageVariant[][]): ImageView {
  const fallback = groups.at(-1)!;
  // The file a browser without srcset shows: the slot's 1x width (every source has it).
  const main = fallback.find((variant) => variant.width === SLOTS[slot].minWidth) ?? fallback.at(-1)!;
  return {
    slot,
    alt: use.image.decorative ? '' : (use.image.alt ?? ''),
    src: `/${main.file}`,
    width: main.width,
    height: main.height,
    sizes: sizesOf(slot),
    sources: groups.map((group) => ({ type: group[0]!.type, srcset: srcsetOf(group.map((variant) => ({ url: `/${variant.file}`, width: variant.width }))) })),
  };
}

/** A file of the site's images, in the images folder: its identity, where it is, its size, and whether it was made now (else found there, and not yet checked against its identity). */
export interface MadeImage {
  id: string;
  path: string;
  bytes: number;
  made: boolean;
  /** Makes it again (one found damaged). */
  again: () => Promise<MadeImage>;
}

/**
 * Makes every file of the site's images that the images folder lacks. A source is read
 * once, and only if one of its files is to be made; its bytes are checked against the
 * hash they were read with (a file saved over while the build ran is a problem to build
 * again, never a picture kept under another's key). Returns the files by their path under
 * out/, and an issue per content field whose source could not be decoded or changed.
 */
export async function makeImages(images: SiteImages, files: ImageFiles): Promise<{ made: Map<string, MadeImage>; issues: ImageIssue[] }> {
  const made = new Map<string, MadeImage>();
  const failed = new Map<string, string>();
  const bytesOf = new Map<string, Promise<Buffer>>();
  const sourceBytes = (source: SourceImage) => () => {
    let bytes = bytesOf.get(source.file);
    if (!bytes) {
      bytes = readFile(source.file).then((read) => {
        if (createHash('sha256').update(read).digest('hex') !== source.hash) throw new Error('it changed while the build was running');
        return read;
      });
      bytesOf.set(source.file, bytes);
    }
    return bytes;
  };
  const make = async (variant: ImageVariant, again = false): Promise<MadeImage> => {
    const file = await makeVariant(variant, sourceBytes(variant.source), files, again);
    return { id: file.id, path: file.path, bytes: statSync(file.path).size, made: file.made, again: () => make(variant, true) };
  };
  await Promise.all(
    images.variants.map(async (variant) => {
      try {
        made.set(variant.file, await make(variant));
      } catch (error) {
        if (!failed.has(variant.source.file)) failed.set(variant.source.file, (error as Error).message.split('\n')[0]!);
      }
    }),
  );
  const issues = [...failed].flatMap(([file, reason]) =>
    (images.uses.get(file) ?? []).map((use) => ({
      path: [...use.path, 'src'],
      message: `${use.image.src} could not be read as an image: ${reason}`,
      hint: reason.startsWith('it changed') ? 'Run the build again once the file is saved.' : 'The file is damaged or incomplete (a copy or download cut short?): export or copy it again.',
    })),
  );
  return { made, issues };
}
