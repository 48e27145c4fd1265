import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { parse } from 'yaml';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { ROOT } from '../helpers/cli.ts';
import { NGINX, startNginx } from '../helpers/nginx.ts';

/*
 * A host with one 404 page for every path (GitHub Pages; nginx with only
 * `error_page 404 /404.html`): an unknown course gets the root 404.html, which says
 * Course not found once hydrated, and offers the courses without JavaScript.
 */

const outDir = inject('outDir');
const content = parse(readFileSync(path.join(ROOT, 'content.yaml'), 'utf8'));
const courseNotFound = content.pages.course.notFound as { title: string; heading: string; text: string; linkLabel: string };
const notFound = content.pages.notFound as { heading: string; text: string; linkLabel: string; coursesLinkLabel: string };

let nginx: Awaited<ReturnType<typeof startNginx>>;
let browser: Browser;

beforeAll(async () => {
  nginx = await startNginx(outDir, { plain: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
});

/** The page's layout shifts so far (the Cumulative Layout Shift's parts), recorded from the first paint. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The console's messages but Chromium's report of the page's own 404 status (a not-found
 * page is served with it); `missing` collects every URL answered 404, which must be the
 * page alone.
 */
function watch404(page: Page): { missing: string[]; others: (messages: string[]) => string[] } {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(new URL(response.url()).pathname);
  });
  return { missing, others: (messages) => messages.filter((message) => !/Failed to load resource: .* 404/.test(message)) };
}

/** What a visitor can see of the main content: its heading, text and links. */
async function shown(page: Page) {
  const main = page.getByRole('main');
  return {
    heading: (await main.getByRole('heading', { level: 1 }).innerText()).trim(),
    links: await main.getByRole('link').evaluateAll((links) => links.filter((link) => link.checkVisibility({ visibilityProperty: true })).map((link) => [link.textContent?.trim(), link.getAttribute('href')])),
    text: await main.innerText(),
  };
}

describe.skipIf(!existsSync(NGINX))('a host whose only rule is error_page 404 /404.html', () => {
  for (const target of ['/course/999', '/course/not-a-course']) {
    test(`${target} with JavaScript: Course not found and Return to courses, with no hydration warning and no layout shift`, async () => {
      const { page, log, close } = await openPage(browser, { viewport: { width: 390, height: 800 } });
      await recordShifts(page);
      const statuses = watch404(page);
      const response = await page.goto(`${nginx.url}${target}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect.poll(async () => (await shown(page)).heading).toBe(courseNotFound.heading);
      const { links, text } = await shown(page);
      expect(links).toEqual([[courseNotFound.linkLabel, '/courses']]);
      expect(text).toContain(courseNotFound.text);
      expect(text).not.toContain(notFound.heading);
      expect(await page.title()).toBe(`${courseNotFound.title} | ${content.site.name}`);
      expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
      // The heading is what a screen reader reads: one h1, the visible one.
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(statuses.missing).toEqual([target]);
      expect(statuses.others(log.messages)).toEqual([]);
      await page.getByRole('link', { name: courseNotFound.linkLabel }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/courses');
      await close();
    });
  }

  test('/course/999 without JavaScript: Page not found, offering the courses', async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    const response = await page.goto(`${nginx.url}/course/999`);
    expect(response?.status()).toBe(404);
    const { heading, links } = await shown(page);
    expect(heading).toBe(notFound.heading);
    expect(links).toEqual([
      [notFound.linkLabel, '/'],
      [notFound.coursesLinkLabel, '/courses'],
    ]);
    await close();
  });

  for (const target of ['/no/such/page', '/agency/no-such-page', '/courses/no-such-page']) {
    test(`${target} stays Page not found once hydrated, with no hydration warning`, async () => {
      const { page, log, close } = await openPage(browser);
      const statuses = watch404(page);
      const response = await page.goto(`${nginx.url}${target}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      expect((await shown(page)).heading).toBe(notFound.heading);
      expect(statuses.missing).toEqual([target]);
      expect(statuses.others(log.messages)).toEqual([]);
      await close();
    });
  }
});
