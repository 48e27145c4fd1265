import { ContentProblemError } from '../errors.ts';
import { locateIssues, type LoadedContent } from '../content/validate.ts';
import { makeImages, type SiteImages } from '../images/site-images.ts';
import type { BuildCache } from './build-cache.ts';
import type { NewSite } from './new-site.ts';

/**
 * Makes the files of the site's images that the cache lacks, and adds them all to the site
 * (by their identity in the cache: out/ gets a copy). A source that cannot be decoded is
 * a located content problem, all of them at once (located in `content`, which is read only
 * then). Returns each file's size by its URL.
 */
export async function putImageFiles(site: NewSite, images: SiteImages, options: { cache: BuildCache; content: () => LoadedContent }): Promise<Map<string, number>> {
  const { made, issues } = await makeImages(images, options.cache.imagesDir);
  if (issues.length > 0) throw new ContentProblemError(locateIssues(options.content(), issues));
  const sizes = new Map<string, number>();
  for (const [file, image] of made) {
    site.files.set(file, options.cache.imageId(image.cacheName));
    sizes.set(`/${file}`, image.bytes);
  }
  return sizes;
}
