import type { PageKey } from '../model/page-table.ts';
import { lazyPage, type LazyPage } from '../lazy-page.tsx';
import { loadPage } from './load-page.ts';

const made: Partial<Record<PageKey, LazyPage>> = {};

/**
 * The page of a kind as a component loaded on demand, the same one each time: for the
 * browser, where each page is a chunk of its own. Made when first asked for, so the
 * browser needs no list of the kinds of page.
 */
export function lazyPageOf(page: PageKey): LazyPage {
  return (made[page] ??= lazyPage(() => loadPage(page)));
}
