import type { BuildCache } from './build-cache.ts';
import type { Manifest, PageRecord } from './record-types.ts';
import type { ClientAssets } from './bundle-client.ts';
import type { PageImages } from '../images/page-images.ts';
import type { NewSite } from './new-site.ts';
import { pageFiles, type PageFilesOf } from './page-input.ts';
import { pageSize } from './page-sizes.ts';

/**
 * Takes the pages the last build made as they are, where it can, and returns the indexes
 * of the others: the pages to render. A page is taken when its key is the one the last
 * build rendered it with, and each of its files is in out/ as that build left it or in
 * the cache with its bytes intact. With `recheck` (the login credentials changed) none
 * is: every page renders, to be checked for the new pair.
 */
export function reusePages(
  site: NewSite,
  pages: readonly PageFilesOf[],
  keyOf: (index: number) => string,
  options: { last: Manifest | null; cache: BuildCache; recheck: boolean; assets: ClientAssets; imagesAt: (index: number) => PageImages | undefined },
): number[] {
  const { last, cache } = options;
  const todo: number[] = [];
  pages.forEach((page, index) => {
    const record = last?.pages[page.route.path];
    if (!record || options.recheck || record.key !== keyOf(index)) {
      todo.push(index);
      return;
    }
    // Each file as the last build made it: in out/ as it left it, or in the cache intact.
    const files = pageFiles(page);
    const ids = files.map((file) => last!.files.get(file));
    const kept = (id: string | undefined, at: number) => id !== undefined && (site.writer.current(files[at]!) === id || cache.find(id) !== null);
    if (ids.every(kept)) keepPage(site, page, { record, files, ids: ids as string[], assets: options.assets, images: options.imagesAt(index) });
    else todo.push(index);
  });
  return todo;
}

/** Takes one page as the last build made it: its files, its record, and what the output check keeps of it. */
function keepPage(
  site: NewSite,
  page: PageFilesOf,
  context: { record: PageRecord; files: string[]; ids: string[]; assets: ClientAssets; images: PageImages | undefined },
): void {
  const { record, files, ids, assets } = context;
  files.forEach((file, at) => site.files.set(file, ids[at]!));
  const js = assets.firstVisit[page.route.page];
  const size = pageSize({ file: page.route.file, html: record.html, css: assets.cssSize, js: { raw: js.jsRaw, brotli: js.jsBrotli }, exact: record.exact, images: context.images });
  site.check.keep({ file: page.route.file, title: record.title, canonical: record.canonical, size });
  site.records[page.route.path] = record;
  site.sizes?.push(size);
}
