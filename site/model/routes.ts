/*
 * The paths of the site: which page each fixed path shows and which chrome wraps it (both
 * from the page table, page-table.ts), how a path is normalized, where its data is served.
 * Shared by the generator (which pages to write, which paths are valid link targets) and
 * the browser (which layout wraps a URL, where its data is). Plain data and functions
 * only: no React, no zod, so both sides can import it.
 */
import { areaAt, pageEntries, type Area, type PageKey, type StaticPageKey } from './page-table.ts';

export type { Area, PageKey } from './page-table.ts';

/*
 * The browser reads areaOf alone of the page table; what is derived from the whole table is
 * computed by functions marked pure, so that its bundle leaves them and the table out.
 */

/** Every fixed path of the spec's route table and the page it shows, from the page table. */
export const STATIC_PATHS: Readonly<Record<string, StaticPageKey>> = /* @__PURE__ */ staticPaths();

function staticPaths(): Record<string, StaticPageKey> {
  // A page with a path is a static page by definition (StaticPageKey).
  return Object.fromEntries(pageEntries().flatMap(({ page, entry }) => entry.paths.map((path) => [path, page as StaticPageKey])));
}

const AGENCY_BRANDED: ReadonlySet<PageKey> = /* @__PURE__ */ agencyBranded();

function agencyBranded(): Set<PageKey> {
  return new Set(pageEntries().flatMap(({ page, entry }) => (entry.brand === 'agency' ? [page] : [])));
}

/** Where the not-found pages stand in the title table (they have no URL of their own). */
export const NOT_FOUND_PATH = '/404';
/** The address the agency's login once had: a redirect to /login (generator/site-files/hosting-files.ts), not a page. */
export const AGENCY_LOGIN_PATH = '/agency-login';
export const COURSE_NOT_FOUND_PATH = '/course/not-found';

/** One page per course. */
export function coursePath(id: number | string): string {
  return `/course/${id}`;
}

/**
 * The chrome of the page at a path. A path that is no page (/agency/nope) is the not-found
 * page a host serves for it, which is in the main chrome it was rendered in.
 */
export function areaOf(pathname: string): Area {
  return areaAt(normalizePath(pathname));
}

/** Pages whose document title carries the agency's name rather than the community's. */
export function usesAgencyBrand(page: PageKey): boolean {
  return AGENCY_BRANDED.has(page);
}

/** "/about/" and "/about/index.html" are "/about". */
export function normalizePath(pathname: string): string {
  // Percent-escapes decoded as React Router decodes them for matching (/course/%31 is
  // /course/1), so the page, its title and its data agree; reserved ones (%2F) stay.
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // A malformed escape: matched as written (it matches nothing).
  }
  const path = decoded.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : '/';
}

/** Where a route's data is served: index.json beside the page's index.html. */
export function routeDataUrl(pathname: string): string {
  const path = normalizePath(pathname);
  return path === '/' ? '/index.json' : `${path}/index.json`;
}
