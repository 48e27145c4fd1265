/*
 * The lists shown a page at a time (the course list, the store, the FAQ): their paths and
 * which items each page holds. Plain data and functions, like routes.ts: the generator
 * writes the pages, the client links them.
 */
import type { PageKey } from './page-table.ts';

/**
 * A list shown a page at a time, so that no page grows with the content: up to
 * `perPage` items it is the single page `base`; a longer one continues on `base`/2,
 * `base`/3…
 */
export interface PagedList {
  base: string;
  perPage: number;
}

/** The course list: the real content's ten courses are one page. */
export const COURSE_LIST: PagedList = { base: '/courses/list', perPage: 50 };

/** The store: the real content's ten books are one page; a grid of 24 fills rows of 2, 3 or 4. */
export const STORE: PagedList = { base: '/ebooks', perPage: 24 };

/** The FAQ: the real content's twelve questions are one page. */
export const FAQ_LIST: PagedList = { base: '/faq', perPage: 50 };

/** The site's paged lists, the kind of page that shows each, and how many items each has. */
export function pagedListsOf(data: { courses: readonly unknown[]; books: readonly unknown[]; pages: { faq: { items: readonly unknown[] } } }) {
  return [
    { list: COURSE_LIST, page: 'courseList', items: data.courses.length },
    { list: STORE, page: 'ebooks', items: data.books.length },
    { list: FAQ_LIST, page: 'faq', items: data.pages.faq.items.length },
  ] as const satisfies readonly { list: PagedList; page: PageKey; items: number }[];
}

/** The URL of page `n` (from 1) of a list. */
export function listPath(list: PagedList, n: number): string {
  return n <= 1 ? list.base : `${list.base}/${n}`;
}

/**
 * Which page of a list a path is (1 for its base); 0 when it is none. The path comes
 * normalized (routes.ts's normalizePath): the pages that link a list import this file, and
 * if it imported routes.ts, the bundler would put routes.ts in a chunk of its own, one more
 * file for every first visit to download.
 */
function listPageOf(list: PagedList, path: string): number {
  if (path === list.base) return 1;
  const rest = path.startsWith(`${list.base}/`) ? path.slice(list.base.length + 1) : '';
  return /^[1-9][0-9]*$/.test(rest) ? Number(rest) : 0;
}

/** How many pages a list of `items` has (at least one). */
export function listPageCount(list: PagedList, items: number): number {
  return Math.max(1, Math.ceil(items / list.perPage));
}

/**
 * The page of a list of `items` at `path`, normalized (the first when the path names none):
 * which items it shows (from `first` to before `end`), its number and how many pages there are.
 */
export function listPageAt(list: PagedList, items: number, path: string): { first: number; end: number; current: number; count: number } {
  const current = Math.max(1, listPageOf(list, path));
  const count = listPageCount(list, items);
  const first = (current - 1) * list.perPage;
  return { first, end: Math.min(items, first + list.perPage), current, count };
}

/** "Page {page} of {pages}" filled in: a page link's name, and part of its page's title. */
export function listPageLabel(template: string, page: number, pages: number): string {
  return template.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages));
}
