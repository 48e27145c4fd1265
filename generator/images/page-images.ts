import { candidatesOf, chosenCandidate, type ImageView } from '../../site/model/images.ts';
import type { DocumentData } from '../../site/model/page-data.ts';
import { areaOf } from '../../site/model/routes.ts';

/*
 * What a page's images cost a phone: the file a phone's browser picks from each image's
 * srcset (AVIF where it is made), summed over every image of the page (a visitor who
 * reads it to the end), and the largest, which has a budget (page-sizes.ts).
 */

/** The phone the budget is for: 390 CSS px wide at 3 device pixels per CSS px (recent iPhones). */
export const PHONE = { width: 390, dpr: 3 } as const;

/** What a page's images download on a PHONE. */
export interface PageImages {
  count: number;
  bytes: number;
  largest: { file: string; bytes: number } | null;
}

const isImageView = (value: object): value is ImageView => 'slot' in value && 'sources' in value && Array.isArray((value as ImageView).sources);

/** Every ImageView in a page's own data. */
function viewsIn(value: unknown, found: ImageView[]): ImageView[] {
  if (Array.isArray(value)) for (const item of value) viewsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    if (isImageView(value)) found.push(value);
    else for (const item of Object.values(value)) viewsIn(item, found);
  }
  return found;
}

/**
 * The images of a page as a PHONE downloads them: those of its own data, and the logo where
 * the header that shows it does (layout.tsx). `bytesOf` gives a file's size by its URL.
 */
export function pageImagesOf(page: { route: { path: string }; document: DocumentData }, bytesOf: (url: string) => number): PageImages {
  const result: PageImages = { count: 0, bytes: 0, largest: null };
  const views = viewsIn(page.document.route.page, []);
  const logo = page.document.layout.site.logo;
  if (logo && areaOf(page.route.path) === 'main') views.push(logo);
  for (const view of views) {
    const chosen = chosenCandidate(candidatesOf(view.sources[0]!.srcset), view.slot, PHONE);
    const bytes = bytesOf(chosen.url);
    result.count += 1;
    result.bytes += bytes;
    if (!result.largest || bytes > result.largest.bytes) result.largest = { file: chosen.url.slice(1), bytes };
  }
  return result;
}
