/*
 * The route table, shared by the generator (which pages to write, which paths are valid
 * link targets) and the client (which page a URL shows, which layout wraps it).
 * Plain data and functions only: no React, no zod, so both sides can import it.
 */

export type PageKey =
  | 'home'
  | 'login'
  | 'comingSoon'
  | 'courses'
  | 'courseList'
  | 'course'
  | 'about'
  | 'faq'
  | 'contact'
  | 'ebooks'
  | 'bundles'
  | 'agencyHome'
  | 'payment'
  | 'policies'
  | 'getStarted'
  | 'notFound';

/** Every fixed path of the spec's route table and the page it shows. */
export const STATIC_PATHS: Readonly<Record<string, PageKey>> = {
  '/': 'home',
  '/home': 'home',
  '/login': 'login',
  '/coming-soon': 'comingSoon',
  '/courses': 'courses',
  '/courses/list': 'courseList',
  '/about': 'about',
  '/faq': 'faq',
  '/contact': 'contact',
  '/ebooks': 'ebooks',
  '/bundles': 'bundles',
  '/agency': 'agencyHome',
  '/agency/payment': 'payment',
  '/agency/policies': 'policies',
  '/get-started': 'getStarted',
};

/** Where the not-found pages stand in the title table (they have no URL of their own). */
export const NOT_FOUND_PATH = '/404';
export const COURSE_NOT_FOUND_PATH = '/course/not-found';

/** One page per course. */
export function coursePath(id: number | string): string {
  return `/course/${id}`;
}

/** Which chrome wraps a page: none on /login, the agency header on /agency* and /get-started. */
export type Area = 'main' | 'agency' | 'bare';

/** The paths of the pages in the agency's chrome: /agency, its pages and /get-started. */
const AGENCY_AREA = /^\/(agency(\/payment|\/policies)?|get-started)$/;

/**
 * The chrome of the page at a path. A path that is no page (/agency/nope) is the not-found
 * page a host serves for it, which is in the main chrome it was rendered in.
 */
export function areaOf(pathname: string): Area {
  const path = normalizePath(pathname);
  if (path === '/login') return 'bare';
  return AGENCY_AREA.test(path) ? 'agency' : 'main';
}

/** Pages whose document title carries the agency's name rather than the community's. */
export function usesAgencyBrand(page: PageKey): boolean {
  return page === 'agencyHome' || page === 'payment' || page === 'policies' || page === 'getStarted' || page === 'comingSoon';
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
