import type { CourseView, SiteData } from '../generator/content/derive.ts';
import { courseListPageCount, courseListPath, coursePath, normalizePath, STATIC_PATHS, usesAgencyBrand, type PageKey } from './routes.ts';

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
  for (let n = 2; n <= listPages; n += 1)
    titles[courseListPath(n)] = `${data.pages.courseList.title} (${listPageLabel(data.labels.listPage, n, listPages)}) | ${data.site.name}`;
  for (const course of data.courses) titles[coursePath(course.id)] = `${course.title} | ${data.pages.courseList.heading} | ${data.site.name}`;
  titles[COURSE_NOT_FOUND_PATH] = `${data.pages.course.notFound.title} | ${data.site.name}`;
  titles[NOT_FOUND_PATH] = `${data.pages.notFound.title} | ${data.site.name}`;
  return titles;
}

/** "Page {page} of {pages}" filled in. */
export function listPageLabel(template: string, page: number, pages: number): string {
  return template.replaceAll('{page}', String(page)).replaceAll('{pages}', String(pages));
}

/** The title a URL's page carries, for client-side navigation. */
export function titleForPath(titles: Readonly<Record<string, string>>, pathname: string): string {
  const path = normalizePath(pathname);
  return titles[path] ?? (path.startsWith('/course/') ? titles[COURSE_NOT_FOUND_PATH] : undefined) ?? titles[NOT_FOUND_PATH] ?? '';
}

const courseIndexes = new WeakMap<readonly CourseView[], ReadonlyMap<string, CourseView>>();

/** A course by its id as written in a URL; an index built once per course list, not a scan per page. */
export function findCourse(courses: readonly CourseView[], id: string | undefined): CourseView | undefined {
  if (id === undefined) return undefined;
  let index = courseIndexes.get(courses);
  if (!index) {
    index = new Map(courses.map((course) => [String(course.id), course]));
    courseIndexes.set(courses, index);
  }
  return index.get(id);
}

/** The course ids as strings, as they appear in URLs. */
export function courseIdSet(titles: Readonly<Record<string, string>>): ReadonlySet<string> {
  let ids = courseIdSets.get(titles);
  if (!ids) {
    ids = new Set(
      Object.keys(titles)
        .filter((path) => path.startsWith('/course/') && path !== COURSE_NOT_FOUND_PATH)
        .map((path) => path.slice('/course/'.length)),
    );
    courseIdSets.set(titles, ids);
  }
  return ids;
}

/** One set per titles object: a large site renders in many batches from the same data. */
const courseIdSets = new WeakMap<object, ReadonlySet<string>>();
