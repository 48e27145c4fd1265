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

/**
 * The course list shows this many courses per page. Up to this many (the real content has
 * ten) it is the single page /courses/list; a larger catalogue continues on
 * /courses/list/2, /courses/list/3…, so no page grows with the catalogue.
 */
export const COURSES_PER_PAGE = 50;

/** The parametrised route of the course list's further pages. */
export const COURSE_LIST_PAGE_PATTERN = '/courses/list/:listPage';

/** The URL of page `n` (from 1) of the course list. */
export function courseListPath(n: number): string {
  return n <= 1 ? '/courses/list' : `/courses/list/${n}`;
}

/** Which page of the course list a path is (1 for /courses/list); 0 when it is none. */
export function courseListPageOf(pathname: string): number {
  const path = normalizePath(pathname);
  if (path === '/courses/list') return 1;
  const match = /^\/courses\/list\/([1-9][0-9]*)$/.exec(path);
  return match ? Number(match[1]) : 0;
}

/** How many pages the course list has for `courses` courses (at least one). */
export function courseListPageCount(courses: number): number {
  return Math.max(1, Math.ceil(courses / COURSES_PER_PAGE));
}

/** The parametrised route: one page per course. */
export const COURSE_PATTERN = '/course/:courseId';

export function coursePath(id: number | string): string {
  return `/course/${id}`;
}

/** Which chrome wraps a page: none on /login, the agency header on /agency* and /get-started. */
export type Area = 'main' | 'agency' | 'bare';

export function areaOf(pathname: string): Area {
  const path = normalizePath(pathname);
  if (path === '/login') return 'bare';
  if (path === '/agency' || path.startsWith('/agency/') || path === '/get-started') return 'agency';
  return 'main';
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
