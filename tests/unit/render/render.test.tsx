import { describe, expect, test } from 'vitest';
import { loadContent } from '../../../generator/content/read-content.ts';
import { parseYaml } from '../../../generator/content/parse-yaml.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { deriveContent } from '../../../generator/content/derive.ts';
import { pageInputsOf } from '../../helpers/pages.ts';
import { routeDataJson } from '../../../generator/render/render-page.ts';
import type { DocumentData, PageDataOf } from '../../../site/model/page-data.ts';
import type { SiteData } from '../../../site/model/site-data.ts';
import { COURSE_NOT_FOUND_PATH } from '../../../site/model/routes.ts';
import { renderRoute } from '../../../site/entry-server.tsx';
import { REAL_CONTENT } from '../../helpers/content.ts';
// @ts-expect-error: a plain JavaScript module of the benchmark scripts
import { syntheticContent } from '../../../scripts/synthetic-content.js';

const data = deriveContent(validateContent(await loadContent({ file: REAL_CONTENT })));
const source120 = syntheticContent(REAL_CONTENT, 120) as string;
const large = deriveContent(validateContent({ file: 'content.yaml', displayName: 'content.yaml', source: source120, data: parseYaml(source120, 'content.yaml') }));

/** Every route's document data (what its HTML carries), by path, as the build makes it. */
function documentsOf(siteData: SiteData): Map<string, DocumentData> {
  return new Map(pageInputsOf(siteData).map((input) => [input.route.path, input.document]));
}

const documents = documentsOf(data);

/** The HTML inside #root of the page at `path`, as the build renders it. */
function render(path: string, siteData: SiteData = data, at = path): string {
  const document = (siteData === data ? documents : documentsOf(siteData)).get(path);
  if (!document) throw new Error(`no route ${path}`);
  return renderRoute(at, document);
}

describe('rendering a page from its data', () => {
  test('the layout follows the path: none on /login, agency chrome on /agency* and /get-started, main elsewhere', () => {
    expect(render('/login')).not.toMatch(/<header class="site-header|<footer/);
    for (const path of ['/agency', '/agency/payment', '/agency/policies', '/get-started']) {
      const html = render(path);
      expect(html).toContain('site-header--agency');
      expect(html).toContain(`href="${data.agency.phone.href}"`);
    }
    for (const path of ['/', '/courses', '/faq', '/coming-soon']) {
      const html = render(path);
      expect(html).toMatch(/<header class="site-header"/);
      expect(html).not.toContain('site-header--agency');
    }
  });

  test('every page has exactly one h1', () => {
    for (const path of documents.keys()) expect(render(path).match(/<h1[ >]/g), path).toHaveLength(1);
  });

  test('bundles show price, struck original price and savings from the derived data', () => {
    const html = render('/bundles');
    expect(html).toContain('$114.99');
    expect(html).toContain('<s>$169.90</s>');
    expect(html).toContain('$54.91');
  });

  test('course list: Open Course goes to the video, or to /course/{id} without one', () => {
    const html = render('/courses/list');
    for (const course of data.courses) expect(html).toContain(`href="${course.href}"`);
    expect(html.match(/<li class="course-card"/g)).toHaveLength(10);
  });

  test('every link that opens a new tab has rel="noopener noreferrer"', () => {
    let blank = 0;
    for (const path of documents.keys()) {
      for (const anchor of render(path).match(/<a [^>]*target="_blank"[^>]*>/g) ?? []) {
        expect(anchor, path).toContain('rel="noopener noreferrer"');
        blank += 1;
      }
    }
    expect(blank).toBeGreaterThan(10);
  });

  test('text from content.yaml is escaped, never raw HTML', () => {
    const hostile: SiteData = {
      ...data,
      pages: { ...data.pages, faq: { ...data.pages.faq, heading: '<script>alert("x")</script>', intro: '"><img src=x onerror=alert(1)>' } },
    };
    const html = render('/faq', hostile);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  test('the course not-found page (what hosts show for /course/{unknown}) says Course not found with a Return to courses link', () => {
    const html = render(COURSE_NOT_FOUND_PATH, data, '/course/99');
    expect(html).toContain('Course not found');
    expect(html).toMatch(/<a[^>]*href="\/courses"[^>]*>.*Return to courses/);
  });

  test('the navigation marks the current page, whatever the letter case of its address', () => {
    expect(render('/about', data, '/About')).toMatch(/<a aria-current="page" class="site-nav__link active" href="\/about">/);
    expect(render('/faq')).not.toMatch(/aria-current="page"[^>]*href="\/about"/);
  });
});

describe('a route’s data: what its HTML carries and what navigation fetches', () => {
  test('every page of a 120-course site renders the same from its index.json as from the data in its HTML', () => {
    const large120 = documentsOf(large);
    expect(large120.size).toBeGreaterThan(130);
    for (const [path, document] of large120) {
      const fetched = { layout: JSON.parse(JSON.stringify(document.layout)), route: JSON.parse(routeDataJson(document.route)) };
      expect(renderRoute(path, fetched), path).toBe(renderRoute(path, document));
    }
    // Not vacuous: the pages differ from one another.
    expect(renderRoute('/course/2', large120.get('/course/2')!)).not.toBe(renderRoute('/course/3', large120.get('/course/3')!));
  });

  test('a page’s data holds what it shows and no more: one course on a course page, fifty on a page of the list', () => {
    const large120 = documentsOf(large);
    const course = JSON.parse(routeDataJson(large120.get('/course/7')!.route)).page as PageDataOf<'course'>;
    expect(course.course?.id).toBe(7);
    expect(JSON.stringify(course)).not.toContain(large.courses[8]!.title);
    const lists = ['/courses/list', '/courses/list/2', '/courses/list/3'].map((path) => (JSON.parse(routeDataJson(large120.get(path)!.route)).page as PageDataOf<'courseList'>).list);
    expect(lists.map((list) => list.courses.length)).toEqual([50, 50, 20]);
    expect(lists[2]!.courses[0]!.id).toBe(large.courses[100]!.id);
    // The same course page's data weighs the same whatever the size of the catalogue.
    const small = routeDataJson(documents.get('/course/7')!.route).length;
    expect(routeDataJson(large120.get('/course/7')!.route).length).toBeLessThan(small * 1.5);
  });
});
