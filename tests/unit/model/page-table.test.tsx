import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadContent } from '../../../generator/content/read-content.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { deriveContent } from '../../../generator/content/derive.ts';
import { bundleClient, stopEsbuild } from '../../../generator/client/bundle.ts';
import { PACKAGE_ROOT } from '../../../generator/paths.ts';
import { PAGE_MODULES } from '../../../site/model/page-registry.ts';
import { pageEntries } from '../../../site/model/page-table.ts';
import { areaOf, STATIC_PATHS, usesAgencyBrand } from '../../../site/model/routes.ts';
import { loadPage } from '../../../site/pages/load-page.ts';
import { renderRoute } from '../../../site/entry-server.tsx';
import { pageInputsOf } from '../../helpers/pages.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';

/*
 * The page table (site/model/page-table.ts) is the one list of the kinds of page; these are
 * the facts derived from it that a visitor or a maintainer would notice if they went wrong.
 */

const data = deriveContent(validateContent(await loadContent({ file: REAL_CONTENT })));
const built = pageInputsOf(data);
const entries = pageEntries();
const fixedPaths = entries.flatMap(({ page, area, entry }) => entry.paths.map((path) => ({ path, page, area, entry })));
const builtAt = (path: string) => built.find((input) => input.route.path === path);

describe('the page table', () => {
  test('every fixed path of the table is a page the build writes, showing that kind of page; no other path is fixed', () => {
    for (const { path, page } of fixedPaths) {
      expect(builtAt(path)?.route.page, path).toBe(page);
      expect(builtAt(path)?.document.route.page.kind, path).toBe(page);
    }
    expect(Object.keys(STATIC_PATHS).sort()).toEqual(fixedPaths.map(({ path }) => path).sort());
  });

  test('every kind of page is listed once, and some page of the build is of that kind', () => {
    const kinds = entries.map(({ page }) => page);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(new Set(built.map((input) => input.route.page))).toEqual(new Set(kinds));
  });

  test('every kind of page has its module in site/pages/, whose default export is its component; every .tsx file there is a page', async () => {
    for (const { page } of entries) expect(typeof (await loadPage(page)), page).toBe('function');
    expect(PAGE_MODULES.getStarted).toBe('site/pages/get-started.tsx');
    // The browser's bundle makes a chunk of every .tsx file of the folder (site/pages/load-page.ts).
    const files = readdirSync(path.join(PACKAGE_ROOT, 'site', 'pages')).filter((file) => file.endsWith('.tsx'));
    expect(files.map((file) => `site/pages/${file}`).sort()).toEqual(Object.values(PAGE_MODULES).sort());
  });

  test('a fixed path is in the chrome of its group: the agency header on the agency pages, none on /login, the main one elsewhere', () => {
    for (const { path, area } of fixedPaths) {
      expect(areaOf(path), path).toBe(area);
      expect(areaOf(path === '/' ? '/index.html' : `${path}/`), path).toBe(area);
      const html = renderRoute(path, builtAt(path)!.document);
      if (area === 'agency') expect(html, path).toContain('class="site-header site-header--agency');
      if (area === 'main') expect(html, path).toContain('class="site-header"');
      if (area === 'bare') expect(html, path).not.toContain('site-header');
    }
    expect(fixedPaths.filter(({ area }) => area !== 'main').map(({ path }) => path)).toEqual(['/login', '/agency', '/agency/payment', '/agency/policies', '/get-started']);
    // A path that is no page is the not-found page a host serves, in the main chrome.
    expect(areaOf('/agency/nope')).toBe('main');
    expect(areaOf('/constructor')).toBe('main');
  });

  test("the agency's pages and Coming Soon carry the agency's name in their titles, the others the community's", () => {
    for (const { path, page, entry } of fixedPaths) {
      expect(usesAgencyBrand(page), page).toBe(entry.brand === 'agency');
      expect(data.titles[path], path).toMatch(new RegExp(` \\| ${entry.brand === 'agency' ? data.agency.name : data.site.name}$`));
    }
    expect(entries.filter(({ entry }) => entry.brand === 'agency').map(({ page }) => page).sort()).toEqual(['agencyHome', 'comingSoon', 'getStarted', 'payment', 'policies']);
  });

  test('the browser loads each kind of page as a chunk of its own, which its pages preload', async () => {
    try {
      const { assets } = await bundleClient();
      const chunks = entries.map(({ page }) => assets.pagePreload[page][0]);
      expect(new Set(chunks).size).toBe(entries.length);
      for (const chunk of chunks) expect(assets.modulePreload).not.toContain(chunk);
    } finally {
      await stopEsbuild();
    }
    // Bundling and measuring every chunk (brotli at quality 11) takes seconds on a busy machine.
  }, 60_000);
});
