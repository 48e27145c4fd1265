import { imageSchema, type ImageField } from '../../site/model/field-schemas.ts';
import type { ImageSlot } from '../../site/model/images.ts';

/** One image field of content.yaml: where it is, what it says, and the slots it fills. */
export interface ImageUse {
  path: (string | number)[];
  image: ImageField;
  slots: ImageSlot[];
}

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const itemsOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * Every image field of the parsed content, with the slots each fills. Read from the plain
 * data, not the validated content, so that the image files are checked (and their problems
 * listed) even when another part of the file is wrong; a field that is itself malformed
 * is left to validation.
 */
export function imageUsesOf(data: unknown): ImageUse[] {
  const uses: ImageUse[] = [];
  const add = (value: unknown, path: (string | number)[], slots: ImageSlot[]) => {
    const parsed = imageSchema.safeParse(value);
    if (parsed.success) uses.push({ path, image: parsed.data, slots });
  };
  if (!isRecord(data)) return uses;
  if (isRecord(data.site)) add(data.site.logo, ['site', 'logo'], ['logo']);
  if (isRecord(data.pages)) {
    for (const [key, page] of Object.entries(data.pages)) {
      if (!isRecord(page)) continue;
      if ('socialImage' in page) add(page.socialImage, ['pages', key, 'socialImage'], ['social']);
      if (key === 'about' && 'founderPhoto' in page) add(page.founderPhoto, ['pages', key, 'founderPhoto'], ['portrait']);
    }
  }
  itemsOf(data.books).forEach((book, index) => isRecord(book) && 'cover' in book && add(book.cover, ['books', index, 'cover'], ['bookCover']));
  itemsOf(data.bundles).forEach((bundle, index) => isRecord(bundle) && 'cover' in bundle && add(bundle.cover, ['bundles', index, 'cover'], ['bundleCover']));
  itemsOf(data.courses).forEach(
    (course, index) => isRecord(course) && 'thumbnail' in course && add(course.thumbnail, ['courses', index, 'thumbnail'], ['courseThumbnail', 'courseHero']),
  );
  return uses;
}
