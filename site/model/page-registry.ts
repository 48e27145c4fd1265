import { pageEntries, pageModule, type PageKey } from './page-table.ts';

/**
 * Each page's module under the project's root, from the page table: the browser loads
 * each as a chunk of its own (pages/load-page.ts), and the generator finds that chunk by
 * this name to preload it on the page's HTML, so a first visit downloads the framework,
 * the chrome and one page.
 */
export const PAGE_MODULES = Object.fromEntries(pageEntries().map(({ page }) => [page, `site/pages/${pageModule(page)}.tsx`])) as Readonly<Record<PageKey, string>>;
