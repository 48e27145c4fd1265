import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { collectRoutes } from '../../../generator/plan/routes.ts';
import { deriveContent } from '../../../generator/content/derive.ts';
import { parseYaml } from '../../../generator/content/parse-yaml.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { layoutDataOf } from '../../../site/model/page-data.ts';
import type { SiteData } from '../../../site/model/site-data.ts';
import { cardInputMaker, cardInputOf, pageInputMaker } from '../../../generator/plan/page-input.ts';
import { pageKey, sharedKey } from '../../../generator/plan/page-key.ts';
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
