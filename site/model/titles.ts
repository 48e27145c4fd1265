import type { SiteData } from './site-data.ts';
import { COURSE_LIST, FAQ_LIST, listPageCount, listPath, STORE, type PagedList } from './paged-lists.ts';
import { coursePath, STATIC_PATHS, usesAgencyBrand, type PageKey } from './routes.ts';

/** Where the not-found titles live in the title table. */
export const NOT_FOUND_PATH = '/404';
export const COURSE_NOT_FOUND_PATH = '/course/not-found';

/** What the titles are made from; of the books, only how many there are (the store's pages). */
type TitleSource = Pick<SiteData, 'site' | 'agency' | 'pages' | 'courses' | 'labels'> & { books: readonly unknown[] };

/** Every page's document title by path: its own title, then the brand it belongs to. */
export function buildTitles(data: TitleSource): Record<string, string> {
  const titles: Record<string, string> = {};
  for (const [path, page] of Object.entries(STATIC_PATHS)) {
    const key = page as Exclude<PageKey, 'course' | 'notFound'>;
    titles[path] = `${data.pages[key].title} | ${usesAgencyBrand(key) ? data.agency.name : data.site.name}`;
  }
  const parts = { siteName: data.site.name, listPage: data.labels.listPage };
  const listPages = (list: PagedList, items: number, listTitle: string) => {
    const count = listPageCount(list, items);
    for (let n = 2; n <= count; n += 1) titles[listPath(list, n)] = listPageTitle({ ...parts, listTitle }, n, count);
  };
  listPages(COURSE_LIST, data.courses.length, data.pages.courseList.title);
  listPages(STORE, data.books.length, data.pages.ebooks.title);
  listPages(FAQ_LIST, data.pages.faq.items.length, data.pages.faq.title);
  for (const course of data.courses) titles[coursePath(course.id)] = courseTitle({ heading: data.pages.courseList.heading, siteName: data.site.name }, course.title);
  titles[COURSE_NOT_FOUND_PATH] = `${data.pages.course.notFound.title} | ${data.site.name}`;
  titles[NOT_FOUND_PATH] = `${data.pages.notFound.title} | ${data.site.name}`;
  return titles;
}

/** "Page {page} of {pages}" filled in. */
export function listPageLabel(template: string, page: number, pages: number): string {
  return template.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages));
}

/** Page `n` (from 2) of a paged list's title: the list's own, then which page. */
function listPageTitle(parts: { listTitle: string; siteName: string; listPage: string }, n: number, pages: number): string {
  return `${parts.listTitle} (${listPageLabel(parts.listPage, n, pages)}) | ${parts.siteName}`;
}

/** A course page's title. */
function courseTitle(parts: { heading: string; siteName: string }, title: string): string {
  return `${title} | ${parts.heading} | ${parts.siteName}`;
}
