import type { SiteData } from './site-data.ts';
import { courseListPageCount, courseListPath, coursePath, STATIC_PATHS, usesAgencyBrand, type PageKey } from './routes.ts';

/** Where the not-found titles live in the title table. */
export const NOT_FOUND_PATH = '/404';
export const COURSE_NOT_FOUND_PATH = '/course/not-found';

type TitleSource = Pick<SiteData, 'site' | 'agency' | 'pages' | 'courses' | 'labels'>;

/** Every page's document title by path: its own title, then the brand it belongs to. */
export function buildTitles(data: TitleSource): Record<string, string> {
  const titles: Record<string, string> = {};
  for (const [path, page] of Object.entries(STATIC_PATHS)) {
    const key = page as Exclude<PageKey, 'course' | 'notFound'>;
    titles[path] = `${data.pages[key].title} | ${usesAgencyBrand(key) ? data.agency.name : data.site.name}`;
  }
  const listPages = courseListPageCount(data.courses.length);
  const parts = { listTitle: data.pages.courseList.title, heading: data.pages.courseList.heading, siteName: data.site.name, listPage: data.labels.listPage };
  for (let n = 2; n <= listPages; n += 1) titles[courseListPath(n)] = listPageTitle(parts, n, listPages);
  for (const course of data.courses) titles[coursePath(course.id)] = courseTitle(parts, course.title);
  titles[COURSE_NOT_FOUND_PATH] = `${data.pages.course.notFound.title} | ${data.site.name}`;
  titles[NOT_FOUND_PATH] = `${data.pages.notFound.title} | ${data.site.name}`;
  return titles;
}

/** "Page {page} of {pages}" filled in. */
export function listPageLabel(template: string, page: number, pages: number): string {
  return template.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages));
}

type TitleParts = { listTitle: string; heading: string; siteName: string; listPage: string };

/** Page `n` (from 2) of the course list's title. */
function listPageTitle(parts: TitleParts, n: number, pages: number): string {
  return `${parts.listTitle} (${listPageLabel(parts.listPage, n, pages)}) | ${parts.siteName}`;
}

/** A course page's title. */
function courseTitle(parts: Omit<TitleParts, 'listTitle' | 'listPage'>, title: string): string {
  return `${title} | ${parts.heading} | ${parts.siteName}`;
}
