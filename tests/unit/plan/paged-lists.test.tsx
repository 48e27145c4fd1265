import { describe, expect, test } from 'vitest';
import { parseYaml } from '../../../generator/content/parse-yaml.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { deriveContent } from '../../../generator/content/derive.ts';
import { collectRoutes, type RouteRecord } from '../../../generator/plan/routes.ts';
import { pageInputsOf } from '../../helpers/pages.ts';
import { renderRoute } from '../../../site/entry-server.tsx';
import type { PageKey } from '../../../site/model/routes.ts';
import type { SiteData } from '../../../site/model/site-data.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
// @ts-expect-error: a plain JavaScript module of the benchmark scripts
import { syntheticContent } from '../../../scripts/synthetic-content.js';

/** The real content with `courses` courses (see scripts/synthetic-content.js). */
function siteWith(courses: number) {
  const source = syntheticContent(REAL_CONTENT, courses) as string;
  return deriveContent(validateContent({ file: 'content.yaml', displayName: 'content.yaml', source, data: parseYaml(source, 'content.yaml') }));
}

const large = siteWith(120);

/** Every route's input (its data and head), by path, as the build makes them. */
function inputsOf(data: SiteData) {
  return new Map(pageInputsOf(data).map((input) => [input.route.path, input]));
}
const inputs = inputsOf(large);

/** The routes of one kind of page, in order. */
const routesOf = (data: SiteData, page: PageKey) => collectRoutes({ data }).filter((route) => route.page === page);
/** Where each route is served and written, and whether search engines may index it. */
const placesOf = (routes: RouteRecord[]) => routes.map((route) => [route.path, route.file, route.canonical, route.indexable]);
const render = (path: string) => renderRoute(path, inputs.get(path)!.document);

describe('a course list longer than 50 courses continues on further pages', () => {
  test('120 courses: /courses/list, /courses/list/2 and /courses/list/3, each with its own title', () => {
    const lists = routesOf(large, 'courseList');
    expect(placesOf(lists)).toEqual([
      ['/courses/list', 'courses/list/index.html', '/courses/list', true],
      ['/courses/list/2', 'courses/list/2/index.html', '/courses/list/2', true],
      ['/courses/list/3', 'courses/list/3/index.html', '/courses/list/3', true],
    ]);
    expect(lists[1]!.title).toBe('Course Curriculum (Page 2 of 3) | Young Hustlers Network');
    expect(new Set(lists.map((route) => route.title)).size).toBe(3);
  });

  test('only pages 2 to the last exist: /courses/list/1 is /courses/list, and no page past the last is written', () => {
    const files = collectRoutes({ data: large }).map((route) => route.file);
    for (const file of ['courses/list/1/index.html', 'courses/list/4/index.html']) expect(files).not.toContain(file);
    expect(files).toContain('courses/list/3/index.html');
  });

  test('page 2 numbers its courses 51 to 100 and links Previous, the pages and Next, marking the current one', () => {
    const html = render('/courses/list/2');
    const numbers = [...html.matchAll(/course-card__number" aria-hidden="true">(\d+)</g)].map((match) => Number(match[1]));
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => 51 + index));
    expect(html).toContain('<nav class="list-pages" aria-label="Course pages">');
    expect(html).toMatch(/<a rel="prev"[^>]*href="\/courses\/list"[^>]*>Previous<\/a>/);
    expect(html).toMatch(/<a rel="next"[^>]*href="\/courses\/list\/3"[^>]*>Next<\/a>/);
    expect(html).toMatch(/<a aria-current="page" aria-label="Page 2 of 3"[^>]*href="\/courses\/list\/2"/);
    const last = render('/courses/list/3');
    expect([...last.matchAll(/course-card__number" aria-hidden="true">(\d+)</g)].map((match) => Number(match[1]))).toEqual(Array.from({ length: 20 }, (_, index) => 101 + index));
    expect(last).not.toContain('rel="next"');
  });

  test("each page's ItemList holds its own courses, numbered as shown, and counts them all", () => {
    const list = inputs.get('/courses/list/2')!.jsonLd as { numberOfItems: number; itemListElement: { position: number; item: { name: string } }[] };
    expect(list.numberOfItems).toBe(120);
    expect(list.itemListElement.map((entry) => entry.position)).toEqual(Array.from({ length: 50 }, (_, index) => 51 + index));
    expect(list.itemListElement[0]!.item.name).toBe(large.courses[50]!.title);
  });

  test('the real content (ten courses) is one page, with no page links', () => {
    const real = siteWith(10);
    expect(routesOf(real, 'courseList')).toHaveLength(1);
    expect(renderRoute('/courses/list', inputsOf(real).get('/courses/list')!.document)).not.toContain('list-pages');
  });
});

describe('a store of more than 24 books continues on further pages', () => {
  const store = siteWith(500); // 50 books: 24, 24 and 2
  const storeInputs = inputsOf(store);
  const renderStore = (path: string) => renderRoute(path, storeInputs.get(path)!.document);
  const shownBooks = (html: string) => [...html.matchAll(/src="\/ebooks\/covers\/(\d+)\.svg"/g)].map((match) => Number(match[1]));

  test('50 books: /ebooks, /ebooks/2 and /ebooks/3, each with its own title and card', () => {
    const pages = routesOf(store, 'ebooks');
    expect(placesOf(pages)).toEqual([
      ['/ebooks', 'ebooks/index.html', '/ebooks', true],
      ['/ebooks/2', 'ebooks/2/index.html', '/ebooks/2', true],
      ['/ebooks/3', 'ebooks/3/index.html', '/ebooks/3', true],
    ]);
    expect(pages[2]!.title).toBe('The eBook Series (Page 3 of 3) | Young Hustlers Network');
    expect(storeInputs.get('/ebooks/2')!.input.drawsCard).toBe(true);
  });

  test('page 2 shows books 25 to 48 under the tutorial and the bundles banner, and links Previous, the pages and Next', () => {
    const html = renderStore('/ebooks/2');
    expect(shownBooks(html)).toEqual(store.books.slice(24, 48).map((book) => book.id));
    expect(html).toContain(store.pages.ebooks.tutorial.title);
    expect(html).toContain('href="/bundles"');
    expect(html).toContain('<nav class="list-pages" aria-label="eBook pages">');
    expect(html).toMatch(/<a rel="prev"[^>]*href="\/ebooks"[^>]*>Previous<\/a>/);
    expect(html).toMatch(/<a rel="next"[^>]*href="\/ebooks\/3"[^>]*>Next<\/a>/);
    expect(html).toMatch(/<a aria-current="page" aria-label="Page 2 of 3"[^>]*href="\/ebooks\/2"/);
    expect(shownBooks(renderStore('/ebooks/3'))).toEqual(store.books.slice(48).map((book) => book.id));
    expect(renderStore('/ebooks/3')).not.toContain('rel="next"');
  });

  test("each page's Products are its own books, and its data carries only them", () => {
    const products = storeInputs.get('/ebooks/2')!.jsonLd as { '@graph': { name: string }[] };
    expect(products['@graph'].map((product) => product.name)).toEqual(store.books.slice(24, 48).map((book) => book.title));
    const data = JSON.stringify(storeInputs.get('/ebooks/2')!.document.route);
    expect(data).not.toContain(`"${store.books[0]!.title}"`);
  });

  test('the real content (ten books) is one page, with no page links', () => {
    const real = siteWith(10);
    expect(routesOf(real, 'ebooks')).toHaveLength(1);
    expect(renderRoute('/ebooks', inputsOf(real).get('/ebooks')!.document)).not.toContain('list-pages');
  });
});

describe('an FAQ of more than 50 questions continues on further pages', () => {
  const site = siteWith(500); // 62 questions: 50 and 12
  const faqInputs = inputsOf(site);
  const questionIds = (html: string) => [...html.matchAll(/<details name="faq" class="accordion__item" id="faq-(\d+)"/g)].map((match) => Number(match[1]));

  test('62 questions: /faq and /faq/2, the second numbering its twelve on from 51 under the same heading, with the page links', () => {
    const pages = routesOf(site, 'faq');
    expect(pages.map((route) => [route.path, route.file, route.title])).toEqual([
      ['/faq', 'faq/index.html', site.titles['/faq']],
      ['/faq/2', 'faq/2/index.html', 'Frequently Asked Questions (Page 2 of 2) | Young Hustlers Network'],
    ]);
    const first = renderRoute('/faq', faqInputs.get('/faq')!.document);
    expect(questionIds(first)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    const second = renderRoute('/faq/2', faqInputs.get('/faq/2')!.document);
    expect(questionIds(second)).toEqual(Array.from({ length: 12 }, (_, index) => index + 51));
    expect(second).toContain(site.pages.faq.items[50]!.question);
    expect(second).not.toContain(`>${site.pages.faq.items[49]!.question}<`);
    expect(second).toContain(`>${site.pages.faq.heading}</h1>`);
    expect(second).toContain('<nav class="list-pages" aria-label="FAQ pages">');
    expect(second).toMatch(/<a rel="prev"[^>]*href="\/faq"[^>]*>Previous<\/a>/);
  });

  test('the real content (twelve questions) is one page, with no page links', () => {
    const real = siteWith(10);
    expect(routesOf(real, 'faq')).toHaveLength(1);
    expect(renderRoute('/faq', inputsOf(real).get('/faq')!.document)).not.toContain('list-pages');
  });
});
