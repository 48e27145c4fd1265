import { listPageCount, listPath, pagedListsOf } from '../../site/model/paged-lists.ts';
import { COURSE_NOT_FOUND_PATH, coursePath, NOT_FOUND_PATH, STATIC_PATHS, type PageKey } from '../../site/model/routes.ts';
import type { SiteData } from '../../site/model/site-data.ts';

/** One page to write: its URL, the file under out/, and its head metadata. */
export interface RouteRecord {
  /** The URL a visitor uses, like "/about". */
  path: string;
  /** Where it is written under out/, like "about/index.html". */
  file: string;
  page: PageKey;
  title: string;
  description: string;
  /** The canonical path: "/home" is canonical at "/". */
  canonical: string;
  /** Listed in sitemap.xml. */
  indexable: boolean;
}

const NOT_INDEXED: ReadonlySet<string> = new Set(['/home', '/login', '/coming-soon']);

/** Expands the route table into every page to render, courses and not-found pages included. */
export function collectRoutes(options: { data: SiteData }): RouteRecord[] {
  const { data } = options;
  const records: RouteRecord[] = Object.entries(STATIC_PATHS).map(([path, page]) => ({
    path,
    file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`,
    page,
    title: data.titles[path]!,
    description: data.pages[page as Exclude<PageKey, 'course' | 'notFound'>].description,
    canonical: path === '/home' ? '/' : path,
    indexable: !NOT_INDEXED.has(path),
  }));
  // The further pages of the paged lists (page 1 is the static path).
  for (const { list, items, page } of pagedListsOf(data)) {
    for (let n = 2; n <= listPageCount(list, items); n += 1) {
      const path = listPath(list, n);
      records.push({ path, file: `${path.slice(1)}/index.html`, page, title: data.titles[path]!, description: data.pages[page].description, canonical: path, indexable: true });
    }
  }
  for (const course of data.courses) {
    const path = coursePath(course.id);
    records.push({ path, file: `${path.slice(1)}/index.html`, page: 'course', title: data.titles[path]!, description: course.description, canonical: path, indexable: true });
  }
  records.push({
    path: NOT_FOUND_PATH,
    file: '404.html',
    page: 'notFound',
    title: data.titles[NOT_FOUND_PATH]!,
    description: data.pages.notFound.description,
    // Not-found pages have no URL of their own: their canonical is the file a host serves.
    canonical: '/404.html',
    indexable: false,
  });
  // Hosts that look for the nearest 404.html (and our _redirects rule) show this for /course/{unknown}.
  records.push({
    path: COURSE_NOT_FOUND_PATH,
    file: 'course/404.html',
    page: 'course',
    title: data.titles[COURSE_NOT_FOUND_PATH]!,
    description: data.pages.course.notFound.text,
    canonical: '/course/404.html',
    indexable: false,
  });
  return records;
}
