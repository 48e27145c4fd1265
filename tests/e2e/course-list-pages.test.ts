import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { axeViolations, openPage, useBrowser, waitForHydration } from '../helpers/browser.ts';
import { REAL_CONTENT } from '../helpers/content.ts';
import { servedBuild } from '../helpers/served-build.ts';
// @ts-expect-error: a plain JavaScript module of the benchmark scripts
import { syntheticContent } from '../../scripts/synthetic-content.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// A site with 120 courses: the course list runs to three pages.
const dir = mkdtempSync(path.join(os.tmpdir(), 'site-e2e-list-'));
let baseUrl = '';
let close = async () => {};
beforeAll(async () => {
  const contentFile = path.join(dir, 'content.yaml');
  writeFileSync(contentFile, syntheticContent(REAL_CONTENT, 120));
  ({ baseUrl, close } = await servedBuild({ contentFile, outDir: path.join(dir, 'out') }));
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const browserOf = useBrowser();
const firstNumber = (page: import('playwright').Page) => page.locator('.course-card__number').first().textContent();

describe('a course list of 120 courses, in the browser', () => {
  test('Next and the page numbers move through the list without a full reload; title and current page follow', async () => {
    const { page, log, close } = await openPage(browserOf());
    await page.goto(`${baseUrl}/courses/list`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    const pages = page.getByRole('navigation', { name: 'Course pages' });
    await pages.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${baseUrl}/courses/list/2`);
    await expect.poll(() => firstNumber(page)).toBe('51');
    await expect.poll(() => page.title()).toBe('Course Curriculum (Page 2 of 3) | Young Hustlers Network');
    expect(await pages.getByRole('link', { name: 'Page 2 of 3' }).getAttribute('aria-current')).toBe('page');
    await pages.getByRole('link', { name: 'Page 3 of 3' }).click();
    await page.waitForURL(`${baseUrl}/courses/list/3`);
    await expect.poll(() => firstNumber(page)).toBe('101');
    await pages.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL(`${baseUrl}/courses/list/2`);
    await expect.poll(() => firstNumber(page)).toBe('51');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    expect(log.messages).toEqual([]);
    await close();
  });

  test('page 2 loaded directly hydrates cleanly, reads fully without JavaScript, and has no axe violations', async () => {
    const { page, log, close } = await openPage(browserOf());
    const response = await page.goto(`${baseUrl}/courses/list/2`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await firstNumber(page)).toBe('51');
    // axe must judge the settled page: let the first-load transition finish.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
    expect(await axeViolations(page)).toEqual([]);
    expect(log.messages).toEqual([]);
    await close();
    const noJs = await openPage(browserOf(), { javaScriptEnabled: false });
    await noJs.page.goto(`${baseUrl}/courses/list/3`);
    expect(await firstNumber(noJs.page)).toBe('101');
    expect(await noJs.page.locator('.course-card').count()).toBe(20);
    await noJs.close();
  });

  test("a visit downloads no catalogue: its course is in its own HTML; another list page and its courses come with their own data, each fetched once", async () => {
    const { page, log, close } = await openPage(browserOf());
    const loaded: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.json')) loaded.push(url.pathname);
    });
    await page.goto(`${baseUrl}/course/75`);
    await waitForHydration(page);
    expect(loaded).toEqual([]);
    // No script carries the catalogue: the last course's title is nowhere in them.
    const last = (await (await fetch(`${baseUrl}/course/120/index.json`)).json()).page.course;
    const scripts = await page.evaluate(() => [...document.querySelectorAll('script[src], link[rel=modulepreload]')].map((element) => element.getAttribute('src') ?? element.getAttribute('href')));
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) expect(await (await fetch(`${baseUrl}${script}`)).text(), script!).not.toContain(last.title);
    await page.goto(`${baseUrl}/courses/list/3`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 9));
    await page.locator('a[href="/course/101"]').click();
    await page.waitForURL(`${baseUrl}/course/101`);
    const first = (await (await fetch(`${baseUrl}/course/101/index.json`)).json()).page.course;
    await expect.poll(() => page.locator('h1').textContent()).toBe(first.title);
    await expect.poll(() => page.title()).toBe(`${first.title} | The Curriculum | Young Hustlers Network`);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/courses/list/3`);
    await page.getByRole('link', { name: 'Page 1 of 3' }).click();
    await expect.poll(() => firstNumber(page)).toBe('01');
    // The page waited for its data: focus and title arrive with it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('page-title');
    expect(await page.title()).toBe('Course Curriculum | Young Hustlers Network');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(9);
    // Each page's data once, by the browser (the test's own fetches are not the page's).
    expect(loaded).toEqual(['/course/101/index.json', '/courses/list/index.json']);
    expect(log.messages).toEqual([]);
    await close();
  });

  test("when a page's data cannot be fetched, the navigation asks the server for the page", async () => {
    const { page, close } = await openPage(browserOf());
    let documents = 0;
    page.on('domcontentloaded', () => (documents += 1));
    await page.route('**/courses/list/2/index.json', (route) => route.abort());
    await page.goto(`${baseUrl}/courses/list/3`);
    await waitForHydration(page);
    // The address changes first (client-side); the server's page 2 comes once the data has failed.
    const reloaded = page.waitForEvent('domcontentloaded');
    await page.getByRole('link', { name: 'Page 2 of 3' }).click();
    await page.waitForURL(`${baseUrl}/courses/list/2`);
    await reloaded;
    expect(documents).toBe(2);
    await expect.poll(() => firstNumber(page)).toBe('51');
    // The server's page hydrates from its own HTML: no further reload.
    await waitForHydration(page);
    await page.waitForTimeout(1000);
    expect(documents).toBe(2);
    await close();
  });

  test("a page left unhydrated because its code cannot be loaded is styled as without JavaScript: on a small screen its navigation shows its links", async () => {
    const { page, log, close } = await openPage(browserOf(), { viewport: { width: 390, height: 800 } });
    const html = await (await fetch(`${baseUrl}/course/75`)).text();
    // The last chunk the page preloads is one only its page needs (see headFor).
    const chunk = /<link rel="modulepreload" href="([^"]+)">\s*<script type="module"/.exec(html)![1]!;
    await page.route(`**${chunk}`, (route) => route.abort());
    await page.goto(`${baseUrl}/course/75`);
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    // No toggle that nothing would answer; the links themselves, reachable.
    await expect.poll(() => page.locator('.menu-toggle').isVisible()).toBe(false);
    for (const name of ['Courses', 'eBooks', 'About', 'FAQ', 'Contact']) expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(`${baseUrl}/faq`);
    expect(log.messages.filter((message) => !message.includes('net::ERR_FAILED'))).toEqual([]);
    await close();
  });

  test('three-digit numbers fit their column on every width', async () => {
    for (const width of [390, 768, 1280]) {
      const { page, close } = await openPage(browserOf(), { viewport: { width, height: 900 } });
      await page.goto(`${baseUrl}/courses/list/2`);
      // Each card: where its number's text ends, and where its title begins.
      const cards = await page.evaluate(() =>
        [...document.querySelectorAll('.course-card')].map((card) => {
          const range = document.createRange();
          range.selectNodeContents(card.querySelector('.course-card__number')!);
          const number = range.getBoundingClientRect();
          const body = card.querySelector('.course-card__title')!.getBoundingClientRect();
          return { text: range.toString(), numberRight: number.right, numberBottom: number.bottom, bodyLeft: body.left, bodyTop: body.top };
        }),
      );
      const hundred = cards.find((card) => card.text === '100')!;
      expect(hundred, `${width}px`).toBeDefined();
      // The number ends before its title starts (beside it), or above it.
      for (const card of cards) expect(card.numberRight <= card.bodyLeft + 0.5 || card.numberBottom <= card.bodyTop + 0.5, `${card.text} at ${width}px`).toBe(true);
      await close();
    }
  });

  test('a page past the last is a 404 that shows the not-found page', async () => {
    const { page, log, close } = await openPage(browserOf());
    const response = await page.goto(`${baseUrl}/courses/list/4`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.locator('.course-card').count()).toBe(0);
    expect(log.messages.filter((message) => !message.includes('404'))).toEqual([]);
    await close();
  });
});
