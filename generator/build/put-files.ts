import type { SiteData } from '../../site/model/site-data.ts';
import { digest, holdsIdentity } from '../cache/digest.ts';
import type { ImageFiles } from '../cache/image-files.ts';
import type { CardInput } from '../cards/page-cards.ts';
import type { DrawnPng } from '../cards/png.ts';
import { drawCard } from '../cards/social-cards.ts';
import type { OutputCheck } from '../check/check-output.ts';
import { measurePages, type Budgets, type PageSize } from '../check/page-sizes.ts';
import type { ClientBundle } from '../client/cached-bundle.ts';
import type { SiteContent } from '../content/read-content.ts';
import { locateIssues } from '../content/validate.ts';
import { makeImages } from '../images/site-images.ts';
import type { OutputWriter } from '../output/output-writer.ts';
import type { RouteRecord } from '../plan/routes.ts';
import { ContentProblemError } from '../problems/errors.ts';
import type { RenderedPage } from '../render/render-batch.ts';
import { fixedFiles } from '../site-files/fixed-files.ts';

/*
 * Files into the site being made (make-site.ts), each put to the output and entered in
 * the site's file table by its identity: a rendered page's, the files made from
 * content.yaml's images, and the files every site has. A file taken from the cache's
 * images folder rather than made now is checked against its identity first, and made
 * again if damaged.
 */

/** The identity of a card not drawn yet (site dev draws a card when it is asked for): its canonical path. */
export const LATER = 'later:';

/**
 * A rendered page's files into the site: written to the output; its
 * card from the images folder, checked against its identity when it was found there
 * rather than drawn now (drawn again if damaged). Returns how many cards were drawn again.
 */
export async function putRenderedPage(
  page: RenderedPage,
  site: { files: Map<string, string>; output: OutputWriter; cardsLater: Map<string, CardInput>; images: ImageFiles },
): Promise<number> {
  for (const { file, contents } of page.files) {
    const id = digest(contents);
    site.files.set(file, id);
    site.output.write(file, id, contents);
  }
  if (!page.card) return 0;
  const { file } = page.card;
  if ('later' in page.card) {
    site.files.set(file, `${LATER}${page.card.later.card.canonical}`);
    site.cardsLater.set(file, page.card.later);
    return 0;
  }
  const { input } = page.card;
  return putDrawn(page.card.file, page.card.png, () => drawCard(input, site.images, true).png, site);
}

/**
 * A file of the images folder (a card, an icon, a file made from an image) into the site:
 * checked against its identity when it was found there rather than made now (`fresh`),
 * and made again (`again`) if damaged. Returns the file used, and whether it was made again.
 */
async function putFromImages<T extends { id: string; path: string }>(
  file: string,
  found: T,
  fresh: boolean,
  again: () => Promise<T>,
  site: { files: Map<string, string>; output: OutputWriter },
): Promise<{ used: T; repaired: boolean }> {
  const repaired = !site.output.holds(file, found.id) && !fresh && !holdsIdentity(found.path, found.id);
  const used = repaired ? await again() : found;
  site.files.set(file, used.id);
  if (!site.output.holds(file, used.id)) site.output.copy(file, used.id, used.path);
  return { used, repaired };
}

/** A drawn file (a card, an icon) into the site (putFromImages); returns how many were drawn again. */
async function putDrawn(file: string, found: DrawnPng, again: () => Promise<DrawnPng>, site: { files: Map<string, string>; output: OutputWriter }): Promise<number> {
  return (await putFromImages(file, found, found.drawn, again, site)).repaired ? 1 : 0;
}

/**
 * The files made from content.yaml's images into the site (made once, into the images
 * folder; one found there is checked against its identity before it is used, and made
 * again if damaged). A source that cannot be decoded is a located content problem.
 * Returns each file's size by its URL.
 */
export async function putImages(site: {
  content: SiteContent;
  /** content.yaml as read, to locate a source that cannot be decoded. */
  contentText: { file: string; displayName: string; source: string };
  images: ImageFiles;
  output: OutputWriter;
  files: Map<string, string>;
  onWarning?: (message: string) => void;
}): Promise<Map<string, number>> {
  const { made, issues } = await makeImages(site.content.images, site.images);
  if (issues.length > 0) throw new ContentProblemError(locateIssues({ ...site.contentText, data: null }, issues));
  const sizes = new Map<string, number>();
  let repaired = 0;
  for (const [file, found] of made) {
    const { used, repaired: again } = await putFromImages(file, found, found.made, found.again, site);
    if (again) repaired += 1;
    sizes.set(`/${file}`, used.bytes);
  }
  if (repaired > 0) site.onWarning?.(`${repaired} image ${repaired === 1 ? 'file' : 'files'} in the build cache's images/ did not match the hash ${repaired === 1 ? 'it was' : 'they were'} kept under, and ${repaired === 1 ? 'was' : 'were'} made again`);
  return sizes;
}

/** The files every site has beside its pages (fixed-files.ts) into the site, checked; returns the sizes of the pages among them. */
export async function putFixedFiles(site: {
  data: SiteData;
  routes: readonly RouteRecord[];
  client: ClientBundle;
  images: ImageFiles;
  output: OutputWriter;
  files: Map<string, string>;
  check: OutputCheck;
  upTo: Budgets;
}): Promise<PageSize[]> {
  const { files: fixed, drawn } = await fixedFiles({ data: site.data, routes: site.routes, client: site.client, images: site.images });
  for (const { file, png, again } of drawn) await putDrawn(file, png, again, site);
  for (const file of fixed) {
    const id = digest(file.contents);
    site.files.set(file.file, id);
    site.output.write(file.file, id, file.contents);
  }
  const sizes = await measurePages({ files: fixed.filter((file) => file.file.endsWith('.html')), upTo: site.upTo });
  site.check.add(fixed, sizes);
  return sizes;
}
