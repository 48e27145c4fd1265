import type { ComponentType } from 'react';
import { pageEntries, type PageKey } from '../model/page-table.ts';
import { loadPage } from './load-page.ts';

// Every page component, loaded before anything renders: server rendering is synchronous.
const PAGES = Object.fromEntries(await Promise.all(pageEntries().map(async ({ page }) => [page, await loadPage(page)] as const))) as Record<PageKey, ComponentType>;

/** The component of a page of the given kind, for server rendering. The browser loads them per page (lazy.ts). */
export function pageOf(page: PageKey): ComponentType {
  return PAGES[page];
}
