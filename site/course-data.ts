import { use } from 'react';
import type { CourseView } from './model/site-data.ts';
import { useSiteData } from './data.tsx';
import { courseGroup, courseGroupOf, courseGroupPath, coursePosition, indexInGroup, type CourseIndex } from './model/course-index.ts';

/*
 * A catalogue larger than one list page reaches the browser a group at a time: group n is
 * what page n of the course list shows, and also what its courses' own pages need (a
 * smaller one ships with those pages' scripts, and none of this fetches). A first visit
 * loads its group before hydrating (entry-client.tsx); navigating to another group loads
 * it then, while the page suspends. The server renders from the whole catalogue.
 */

const loaded = new Map<number, CourseView[]>();
const loading = new Map<number, Promise<CourseView[]>>();

/** Loads group `n` once; a load that fails (offline, a deploy in between) rejects, and the next call tries again. */
export function loadCourseGroup(n: number): Promise<CourseView[]> {
  let promise = loading.get(n);
  if (!promise) {
    promise = fetch(courseGroupPath(n))
      .then((response) => {
        if (!response.ok) throw new Error(`${courseGroupPath(n)}: ${response.status}`);
        return response.json() as Promise<CourseView[]>;
      })
      .then(
        (courses) => {
          loaded.set(n, courses);
          return courses;
        },
        (error: unknown) => {
          loading.delete(n);
          throw error;
        },
      );
    loading.set(n, promise);
  }
  return promise;
}

/**
 * Group `n` for a page that renders after a navigation. If it cannot be loaded, the page
 * is asked of the server instead (a full load, which needs no script), and this render
 * stays suspended until then.
 */
const forNavigation = new Map<number, Promise<CourseView[]>>();
function groupForNavigation(n: number): Promise<CourseView[]> {
  let promise = forNavigation.get(n);
  if (!promise) {
    promise = loadCourseGroup(n).catch(() => {
      forNavigation.delete(n);
      window.location.reload();
      return new Promise<CourseView[]>(() => {});
    });
    forNavigation.set(n, promise);
  }
  return promise;
}

/** A course the browser has (shipped with its page's script, or in a group already loaded), by its id as written in a URL. */
export function loadedCourse(data: { courseIndex: CourseIndex; courses?: CourseView[] }, id: string): CourseView | undefined {
  const position = coursePosition(data.courseIndex, id);
  if (position < 0) return undefined;
  return data.courses ? data.courses[position] : loaded.get(courseGroupOf(position))?.[indexInGroup(position)];
}

/**
 * The courses of group `n`. On the server (and wherever the data holds the whole
 * catalogue) a slice of it; in the browser the loaded group, suspending until it is.
 */
export function useCourseGroup(n: number): CourseView[] {
  const { courses } = useSiteData() as { courses?: CourseView[] };
  if (courses) return courseGroup(courses, n);
  return loaded.get(n) ?? use(groupForNavigation(n));
}
