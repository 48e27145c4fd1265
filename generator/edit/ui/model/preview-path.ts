import { PAGE_TABLE } from '../../../../site/model/page-table.ts';
import { coursePath, NOT_FOUND_PATH } from '../../../../site/model/routes.ts';
import { getAt, splitPath } from './paths.ts';

/*
 * Which page of the site the preview shows for what is being edited: a page's own section
 * shows that page (its path from the page table), a list the page that lists it, a course
 * its own page, the site-wide fields the home page.
 */

/** The page that shows each top-level list, by page key. */
const LIST_PAGES: Readonly<Record<string, string>> = { courses: 'courseList', books: 'ebooks', bundles: 'bundles', plans: 'payment', policies: 'policies' };

const PAGE_PATHS: ReadonlyMap<string, string> = new Map(
  Object.values(PAGE_TABLE).flatMap((group) => Object.entries(group).flatMap(([page, entry]) => (entry.paths[0] ? [[page, entry.paths[0]] as const] : []))),
);

/** The path to preview for the section being edited and the row last opened in it. */
export function previewPath(section: string, row: string | undefined, data: unknown): string {
  const [top, page] = splitPath(section);
  if (top === 'courses') return row ? courseAt(data, row) ?? '/courses/list' : (PAGE_PATHS.get('courseList') ?? '/');
  if (top === 'pages' && page) {
    if (page === 'course') return courseAt(data, 'courses.0') ?? '/courses';
    if (page === 'notFound') return NOT_FOUND_PATH;
    return PAGE_PATHS.get(page) ?? '/';
  }
  const listPage = top ? LIST_PAGES[top] : undefined;
  return (listPage && PAGE_PATHS.get(listPage)) || '/';
}

function courseAt(data: unknown, row: string): string | undefined {
  const id = getAt(data, `${splitPath(row).slice(0, 2).join('.')}.id`);
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? coursePath(id) : undefined;
}
