/*
 * What every page knows of the course catalogue without loading it: the course ids in list
 * order and how course pages are titled. A catalogue larger than one list page travels in
 * groups of one list page each (/data/courses/{n}.json, see course-data.ts), so what a
 * visit downloads does not grow with the catalogue; a smaller one ships with its pages. Plain data and functions: the generator uses them too.
 */
import { COURSES_PER_PAGE, matchPage } from './routes.ts';

export interface CourseIndex {
  /** The ids in list order, as runs: [first id, how many consecutive ids follow from it]. */
  runs: [number, number][];
  /** The course list's title ("Course Curriculum"); its pages 2… add "(Page n of m)". */
  listTitle: string;
  /** The heading a course page's title carries between the course and the site's name. */
  heading: string;
}

/** The index of a list of courses. */
export function courseIndexOf(courses: readonly { id: number }[], titles: { listTitle: string; heading: string }): CourseIndex {
  const runs: [number, number][] = [];
  for (const { id } of courses) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === id) last[1] += 1;
    else runs.push([id, 1]);
  }
  return { runs, ...titles };
}

/** Each course's position in the list, by its id as written in a URL; built once per index. */
function positions(index: CourseIndex): ReadonlyMap<string, number> {
  let map = positionMaps.get(index);
  if (!map) {
    const built = new Map<string, number>();
    for (const [first, count] of index.runs) for (let id = first; id < first + count; id += 1) built.set(String(id), built.size);
    positionMaps.set(index, (map = built));
  }
  return map;
}
const positionMaps = new WeakMap<CourseIndex, ReadonlyMap<string, number>>();

/** The course ids as strings, as they appear in URLs. */
export function courseIds(index: CourseIndex): { has(id: string): boolean; readonly size: number } {
  return positions(index);
}

/** Where a course stands in the list (from 0); -1 when there is no such course. */
export function coursePosition(index: CourseIndex, id: string | undefined): number {
  return id === undefined ? -1 : (positions(index).get(id) ?? -1);
}

/** The group a list position belongs to: the list page that shows it (from 1). */
export function courseGroupOf(position: number): number {
  return Math.floor(position / COURSES_PER_PAGE) + 1;
}

/** The group of courses the page at `pathname` shows (a course, a page of the list); 0 for none. */
export function courseGroupForPath(index: CourseIndex, pathname: string): number {
  const match = matchPage(pathname, courseIds(index));
  if (!match.found) return 0;
  if (match.page === 'courseList') return match.listPage!;
  return match.page === 'course' ? courseGroupOf(coursePosition(index, match.courseId)) : 0;
}

/** The list's courses that group `n` holds (from 1), and where a position's course sits in its group. */
export function courseGroup<T>(courses: readonly T[], n: number): T[] {
  return courses.slice((n - 1) * COURSES_PER_PAGE, n * COURSES_PER_PAGE);
}
export function indexInGroup(position: number): number {
  return position % COURSES_PER_PAGE;
}

/**
 * Whether the whole catalogue fits one list page. Then it ships inside the course pages'
 * own scripts (page-registry.ts) and nothing is fetched: groups are for large catalogues.
 */
export function coursesShipWithPages(index: CourseIndex): boolean {
  return courseIds(index).size <= COURSES_PER_PAGE;
}

/** Where the groups are served: fixed names, so they revalidate like pages (hosting-files.ts). */
export const COURSE_GROUP_PREFIX = '/data/courses/';

/** The URL of group `n`'s courses, as JSON. */
export function courseGroupPath(n: number): string {
  return `${COURSE_GROUP_PREFIX}${n}.json`;
}
