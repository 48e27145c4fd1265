import type { Content } from './content-schema.ts';
import { listPageCount, listPageLabel, listPath, pagedListsOf } from './paged-lists.ts';
import { COURSE_NOT_FOUND_PATH, coursePath, NOT_FOUND_PATH, STATIC_PATHS, usesAgencyBrand } from './routes.ts';
import type { StaticPageKey } from './page-table.ts';

/**
 * What the titles are made from: the names, each page's title, the courses' titles; of the
 * books and the questions, only how many there are (the paged lists). Content as validated
 * and as derived both are one.
 */
type TitleSource = Pick<Content, 'site' | 'agency' | 'labels'> & {
  pages: Record<StaticPageKey, { title: string }> & Pick<Content['pages'], 'courseList' | 'course' | 'notFound' | 'faq'>;
  courses: readonly { id: number; title: string }[];
  books: readonly unknown[];
};

/** Every page's document title by path: its own title, then the brand it belongs to. */
export function buildTitles(data: TitleSource): Record<string, string> {
  const titles: Record<string, string> = {};
  for (const [path, page] of Object.entries(STATIC_PATHS)) {
    titles[path] = `${data.pages[page].title} | ${usesAgencyBrand(page) ? data.agency.name : data.site.name}`;
  }
  // The further pages of the paged lists: the list's title, then which page.
  for (const { list, items, page } of pagedListsOf(data)) {
    const count = listPageCount(list, items);
    const parts = { listTitle: data.pages[page].title, siteName: data.site.name, listPage: data.labels.listPage };
    for (let n = 2; n <= count; n += 1) titles[listPath(list, n)] = listPageTitle(parts, n, count);
  }
  for (const course of data.courses) titles[coursePath(course.id)] = courseTitle({ heading: data.pages.courseList.heading, siteName: data.site.name }, course.title);
  titles[COURSE_NOT_FOUND_PATH] = `${data.pages.course.notFound.title} | ${data.site.name}`;
  titles[NOT_FOUND_PATH] = `${data.pages.notFound.title} | ${data.site.name}`;
  return titles;
}

/** Page `n` (from 2) of a paged list's title: the list's own, then which page. */
function listPageTitle(parts: { listTitle: string; siteName: string; listPage: string }, n: number, pages: number): string {
  return `${parts.listTitle} (${listPageLabel(parts.listPage, n, pages)}) | ${parts.siteName}`;
}

/** A course page's title. */
function courseTitle(parts: { heading: string; siteName: string }, title: string): string {
  return `${title} | ${parts.heading} | ${parts.siteName}`;
}
