import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { PageRecord } from '../../../generator/cache/build-record.ts';
import { collectRoutes } from '../../../generator/plan/routes.ts';
import { deriveContent } from '../../../generator/content/derive.ts';
import { parseYaml } from '../../../generator/content/parse-yaml.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { layoutDataOf } from '../../../site/model/page-data.ts';
import type { SiteData } from '../../../site/model/site-data.ts';
import { cardInputMaker, cardInputOf, pageInputMaker } from '../../../generator/plan/page-input.ts';
import { pageKey, sameInput, sharedKey } from '../../../generator/plan/page-key.ts';
import { keysOf as planKeys, planPages, type LastSite } from '../../../generator/plan/plan-pages.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';

/*
 * A page's key is the hash of everything it is made from. An edit must change the key of
 * every page that shows it (or the build would keep a stale page) and of no other (or the
 * build would do work it need not).
 */

const SOURCE = readFileSync(REAL_CONTENT, 'utf8');

const siteDataOf = (source: string): SiteData => deriveContent(validateContent({ file: 'content.yaml', displayName: 'content.yaml', source, data: parseYaml(source, 'content.yaml') }));

/** Every page's key for a content.yaml text, as the build computes them, with `shared` standing for the code, template and assets. */
function keysOf(source: string, shared = 'code v1'): Map<string, string> {
  const data = siteDataOf(source);
  const routes = collectRoutes({ data });
  const inputOf = pageInputMaker(data, routes);
  const sharedByAll = sharedKey({ code: shared, template: 'template', assets: {}, layout: layoutDataOf(data), budgets: null });
  return new Map(routes.map((route) => [route.path, pageKey(inputOf(route), sharedByAll)]));
}

/** The paths whose key differs between two sets (a page added or removed counts). */
function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path)).sort();
}

const edit = (from: string, to: string) => {
  expect(SOURCE).toContain(from);
  return changed(keysOf(SOURCE), keysOf(SOURCE.replace(from, to)));
};

describe('page keys: an edit changes the key of exactly the pages that show it', () => {
  test('the same content and code give the same keys; other code gives other keys on every page', () => {
    expect(changed(keysOf(SOURCE), keysOf(SOURCE))).toEqual([]);
    expect(changed(keysOf(SOURCE), keysOf(SOURCE, 'code v2'))).toHaveLength(keysOf(SOURCE).size);
  });

  test("a course's title: its page and the course list (and nothing else)", () => {
    expect(edit('title: How To Build A Business', 'title: How To Start A Business')).toEqual(['/course/3', '/courses/list']);
  });

  test("a book's price: the eBooks page and the bundles page, whose original prices and savings add it up", () => {
    const line = SOURCE.indexOf('price: 16.99', SOURCE.indexOf('\nbooks:'));
    const after = `${SOURCE.slice(0, line)}price: 17.99${SOURCE.slice(line + 'price: 16.99'.length)}`;
    expect(changed(keysOf(SOURCE), keysOf(after))).toEqual(['/bundles', '/ebooks']);
  });

  test("a page's title: that page; the home page's also /home and the not-found pages, which show its card", () => {
    expect(edit('title: Frequently Asked Questions\n', 'title: Questions and Answers\n')).toEqual(['/faq']);
    expect(edit('title: Build Your Future, Together', 'title: Build It Together')).toEqual(['/', '/404', '/course/not-found', '/home']);
  });

  test('the site name or a label: every page (the chrome shows them)', () => {
    const all = keysOf(SOURCE).size;
    expect(edit('  name: Young Hustlers Network', '  name: Young Builders Network')).toHaveLength(all);
    expect(edit('skipToContent: Skip to content', 'skipToContent: Skip to the content')).toHaveLength(all);
  });

  test('a course added: its page, the list, and no other', () => {
    const added = SOURCE.replace(
      '\nbooks:',
      '\n  - id: 11\n    title: Negotiation\n    description: Ask for more and get it, with preparation instead of nerve.\n    duration: 30 min\n    level: Advanced\n\nbooks:',
    );
    expect(changed(keysOf(SOURCE), keysOf(added))).toEqual(['/course/11', '/courses/list']);
  });
});

test("the card a page draws, made without its input (a build that reuses the page still needs its card), is the card its input gives", () => {
  // Synthetic courses too: the pages of the course list beyond the first own their cards.
  const source = SOURCE.replace(/\ncourses:\n/, (start) => `${start}${Array.from({ length: 120 }, (_, index) => `  - id: ${1000 + index}\n    title: Extra course ${index}\n    description: One more course.\n    duration: 10 min\n    level: Foundation\n`).join('')}`);
  for (const data of [siteDataOf(SOURCE), siteDataOf(source)]) {
    const routes = collectRoutes({ data });
    const layout = layoutDataOf(data);
    const inputOf = pageInputMaker(data, routes);
    const cardOf = cardInputMaker(data, layout);
    const cards = routes.map(cardOf);
    expect(cards).toEqual(routes.map((route) => cardInputOf(inputOf(route), layout)));
    // Pages with a card of their own and pages without are both there.
    expect(cards.filter(Boolean).length).toBeGreaterThan(10);
    expect(cards.filter((card) => card === null).length).toBeGreaterThan(0);
  }
});

describe('a build that holds the last one\'s inputs (site dev) compares them rather than hashing', () => {
  /** Reorders every object's keys (last first): the same values, other JSON wherever an object has two keys. */
  const reordered = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(reordered) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reordered(item)])) : value;

  test('two inputs are the same exactly when their JSON is', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(sameInput(a, structuredClone(a))).toBe(true);
        expect(sameInput(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        expect(sameInput(a, reordered(a))).toBe(JSON.stringify(a) === JSON.stringify(reordered(a)));
      }),
    );
    // What JSON writes as it would write something else only ever counts as a difference.
    expect(sameInput({ photo: undefined }, {})).toBe(false);
    expect(sameInput([Number.NaN], [Number.NaN])).toBe(false);
    expect(sameInput([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });

  test('over a run of edits and a change of code, every page gets the key hashing its input gives', () => {
    const sources = [
      SOURCE,
      SOURCE.replace('title: How To Build A Business', 'title: How To Start A Business'),
      SOURCE.replace('title: How To Build A Business', 'title: How To Start A Business').replace('  name: Young Hustlers Network', '  name: Young Builders Network'),
      SOURCE,
    ];
    let last: LastSite | null = null;
    let plan = (): Map<string, string> => new Map();
    for (const [index, source] of sources.entries()) {
      const data = siteDataOf(source);
      const routes = collectRoutes({ data });
      const inputOf = pageInputMaker(data, routes);
      // The third build's code differs from the others': inputs held before it stand for nothing after.
      const shared = sharedKey({ code: index === 2 ? 'code v2' : 'code v1', template: 'template', assets: {}, layout: layoutDataOf(data), budgets: null });
      const held = new Map<string, ReturnType<typeof inputOf>>();
      const keys = planKeys(planPages(routes, () => false), { last, inputOf, shared, held });
      const hashed = new Map(routes.map((route) => [route.path, pageKey(inputOf(route), shared)]));
      if (last) expect(keys).toEqual(hashed);
      const pages = Object.fromEntries([...hashed].map(([path, key]) => [path, { key } as PageRecord]));
      for (const route of routes) held.set(route.path, inputOf(route));
      last = { pages, files: new Map(), login: { siteUrl: data.site.url, hash: null }, heldInputs: { shared, byPath: held } };
      plan = () => planKeys(planPages(routes, () => false), { last: { ...last!, pages: Object.fromEntries(routes.map((route) => [route.path, { key: 'as recorded' } as PageRecord])) }, inputOf, shared });
    }
    // The same inputs again: each page keeps the key its record holds, unhashed.
    expect(new Set(plan().values())).toEqual(new Set(['as recorded']));
  });
});
