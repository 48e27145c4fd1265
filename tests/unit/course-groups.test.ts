import { describe, expect, test } from 'vitest';
import { parseYaml } from '../../generator/content/parse-yaml.ts';
import { validateContent } from '../../generator/content/validate.ts';
import { deriveContent } from '../../generator/content/derive.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { collectRoutes } from '../../generator/content/collect-routes.ts';
import { courseGroupFiles, staticFiles } from '../../generator/outputs/static-files.ts';
import { courseGroupOf, courseIds, courseIndexOf, coursePosition } from '../../site/model/course-index.ts';
import { titleForPath } from '../../site/model/titles.ts';
import { commonData, pageData, PAGE_REGISTRY } from '../../site/model/page-registry.ts';
import type { PageKey } from '../../site/model/routes.ts';
import { REAL_CONTENT } from '../helpers/content.ts';
// @ts-expect-error: a plain JavaScript module of the benchmark scripts
import { syntheticContent } from '../../scripts/synthetic-content.js';

/** The real content with `courses` courses (see scripts/synthetic-content.js). */
function siteWith(courses: number): SiteData {
  const source = syntheticContent(REAL_CONTENT, courses) as string;
  return deriveContent(validateContent({ file: 'content.yaml', displayName: 'content.yaml', source, data: parseYaml(source, 'content.yaml') }));
}

const small = siteWith(10);
const large = siteWith(120);

describe('the course index every page carries', () => {
  test('ids in list order as runs; positions and groups follow the list, whatever the ids', () => {
    const index = courseIndexOf([{ id: 7 }, { id: 8 }, { id: 9 }, { id: 3 }, { id: 100 }, { id: 101 }], { listTitle: 'List', heading: 'Courses' });
    expect(index.runs).toEqual([
      [7, 3],
      [3, 1],
      [100, 2],
    ]);
    expect(['7', '9', '3', '100', '101'].map((id) => coursePosition(index, id))).toEqual([0, 2, 3, 4, 5]);
    for (const id of ['1', '10', '102', '07', '3.0', 'x', '']) expect(coursePosition(index, id), id).toBe(-1);
    expect(courseIds(index).size).toBe(6);
    expect([0, 49, 50, 99, 100].map(courseGroupOf)).toEqual([1, 1, 2, 2, 3]);
  });

  test('a synthetic catalogue of 120 courses is one run; every course is found at its place', () => {
    expect(large.courseIndex.runs).toEqual([[1, 120]]);
    large.courses.forEach((course, position) => expect(coursePosition(large.courseIndex, String(course.id))).toBe(position));
  });
});

describe('what the browser downloads does not grow with the catalogue', () => {
  test('the entry script carries no course and no course title; course pages carry no courses in their chunks', () => {
    const commonSmall = JSON.stringify(commonData(small));
    const commonLarge = JSON.stringify(commonData(large));
    expect(Math.abs(commonLarge.length - commonSmall.length)).toBeLessThan(20);
    for (const course of large.courses.slice(10)) expect(commonLarge).not.toContain(course.title);
    for (const page of Object.keys(PAGE_REGISTRY) as PageKey[]) expect(pageData(large, page), page).not.toHaveProperty('courses');
    // A catalogue of one list page (the real one) ships with the two pages that show courses: nothing to fetch.
    for (const page of Object.keys(PAGE_REGISTRY) as PageKey[])
      expect(pageData(small, page).courses, page).toEqual(page === 'course' || page === 'courseList' ? small.courses : undefined);
    expect(pageData(siteWith(50), 'course').courses).toHaveLength(50);
    expect(pageData(siteWith(51), 'course')).not.toHaveProperty('courses');
    // The fixed pages' titles are still there for client-side navigation.
    expect((commonData(large).titles ?? {})['/about']).toBe(large.titles['/about']);
  });

  test('a catalogue larger than one list page is written in groups of one list page each, in list order, and nothing else; a smaller one not at all', () => {
    const groups = courseGroupFiles(large);
    expect(groups.map((file) => file.file)).toEqual(['data/courses/1.json', 'data/courses/2.json', 'data/courses/3.json']);
    const parsed = groups.map((file) => JSON.parse(String(file.contents)) as SiteData['courses']);
    expect(parsed.map((group) => group.length)).toEqual([50, 50, 20]);
    expect(parsed.flat()).toEqual(large.courses);
    expect(staticFiles({ data: large }).filter((file) => file.file.startsWith('data/'))).toEqual(groups);
    expect(courseGroupFiles(small)).toEqual([]);
    expect(courseGroupFiles(siteWith(51)).map((file) => file.file)).toEqual(['data/courses/1.json', 'data/courses/2.json']);
  });
});

describe('document titles on client-side navigation', () => {
  test('every page of a 120-course site gets the title its own HTML has, from the index and the loaded course', () => {
    const client = { ...commonData(large), courses: undefined } as unknown as SiteData;
    const titleOf = (id: string) => large.courses[coursePosition(large.courseIndex, id)]?.title;
    const routes = collectRoutes({ data: large });
    expect(routes.length).toBeGreaterThan(130);
    for (const route of routes) expect(titleForPath(client, route.path, titleOf), route.path).toBe(route.title);
    expect(titleForPath(client, '/course/999', titleOf)).toBe(large.titles['/course/not-found']);
    // Escaped URLs are the pages React Router matches them to: /course/%31 is course 1.
    expect(titleForPath(client, '/course/%31', titleOf)).toBe(large.titles['/course/1']);
    expect(titleForPath(client, '/%61bout', titleOf)).toBe(large.titles['/about']);
    expect(titleForPath(client, '/course/%E0', titleOf)).toBe(large.titles['/course/not-found']);
    expect(titleForPath(client, '/courses/list/4', titleOf)).toBe(large.titles['/404']);
  });
});
