import type { BuildCache, Manifest } from './build-cache.ts';
import type { ClientAssets } from './bundle-client.ts';
import type { PageImages } from '../images/page-images.ts';
import type { NewSite } from './new-site.ts';
import { pageFiles, type PageFilesOf } from './page-input.ts';
import { pageSize } from './page-sizes.ts';

/*
 * Pages the build does not render: those whose input is as the last build rendered it,
 * taken as they are, with their files from out/ or the cache.
 */

/**
 * Which pages must render: those whose key changed since the last build (or that it did
 * not have), and those whose files could not be taken as they are: not in out/ as the last
 * build left them, nor in the cache with their bytes intact. With `recheck` (the login
 * credentials changed), every page renders, to be checked for the new pair.
 */
export function pagesToRender(pages: readonly PageFilesOf[], keys: readonly string[], options: { last: Manifest | null; cache: BuildCache; site: NewSite; recheck: boolean }): Set<number> {
  const { last, cache, site } = options;
  const todo = new Set<number>();
  pages.forEach((page, index) => {
    const record = last?.pages[page.route.path];
    if (!record || record.key !== keys[index] || options.recheck) return todo.add(index);
    for (const file of pageFiles(page)) {
      const id = last!.files[file];
      if (!id) return todo.add(index);
      if (site.writer.current(file) === id) continue;
      if (cache.find(id) === null) return todo.add(index);
    }
  });
  return todo;
}

/** Takes a page the last build made as it is: its files, its record, and what the output check keeps of it. */
export function keepPage(site: NewSite, page: PageFilesOf, last: Manifest, context: { assets: ClientAssets; images: PageImages | undefined }): void {
  const { assets } = context;
  const record = last.pages[page.route.path]!;
  const files = pageFiles(page);
  for (const file of files) site.files.set(file, last.files[file]!);
  const js = assets.firstVisit[page.route.page];
  const size = pageSize({ file: page.route.file, html: record.html, css: assets.cssSize, js: { raw: js.jsRaw, brotli: js.jsBrotli }, exact: record.exact, images: context.images });
  site.check.keep({ file: page.route.file, title: record.title, canonical: record.canonical, size }, files);
  site.pages[page.route.path] = { record, size };
}
