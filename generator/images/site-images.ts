import path from 'node:path';
import { sizesOf, SLOTS, srcsetOf, type ImageSlot, type ImageView } from '../../site/model/images.ts';
import { imageUsesOf, type ImageUse } from './image-uses.ts';
import { readSource } from './image-source.ts';
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
  /** Which content paths use each source file (for a problem found while making its files). */
  uses: ReadonlyMap<string, readonly ImageUse[]>;
}

/** What is wrong with an image field, where (its content path), and how to fix it: content/ locates it in the file. */
export interface ImageIssue {
  path: (string | number)[];
  message: string;
  hint: string;
}

export const NO_IMAGES: SiteImages = { view: () => undefined, variants: [], sources: [], uses: new Map() };

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

/** A file made: where the cache keeps it and its size. */
export interface MadeImage {
  cacheName: string;
  cached: string;
  bytes: number;
}

/**
 * Makes every file of the site's images that the cache lacks (the others cost a stat).
 * Returns them by their path under out/, and an issue per content field whose source
 * could not be decoded (damaged past its header).
 */
export async function makeImages(images: SiteImages, imagesDir: string): Promise<{ made: Map<string, MadeImage>; issues: ImageIssue[] }> {
  const made = new Map<string, MadeImage>();
  const failed = new Map<string, string>();
  await Promise.all(
    images.variants.map(async (variant) => {
      if (failed.has(variant.source.file)) return;
      try {
        const file = await makeVariant(variant, imagesDir);
        made.set(variant.file, { cacheName: variant.cacheName, ...file });
      } catch (error) {
        failed.set(variant.source.file, (error as Error).message.split('\n')[0]!);
      }
    }),
  );
  const issues = [...failed].flatMap(([file, reason]) =>
    (images.uses.get(file) ?? []).map((use) => ({
      path: [...use.path, 'src'],
      message: `${use.image.src} could not be read as an image: ${reason}`,
      hint: 'The file is damaged or incomplete (a copy or download cut short?): export or copy it again.',
    })),
  );
  return { made, issues };
}
