import path from 'node:path';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../generator/site-files/hosting-files.ts';
import { candidatesOf, chosenCandidate, type ImageSlot } from '../../site/model/images.ts';
import { axeViolations, openPage, useBrowser, waitForHydration } from '../helpers/browser.ts';
import { REAL_CONTENT } from '../helpers/content.ts';
import { servedBuild } from '../helpers/served-build.ts';
import { tempDir } from '../helpers/temp.ts';
// @ts-expect-error: a plain JavaScript module of the scripts
import { writeImageFixture } from '../../scripts/image-fixture.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

/*
 * The image fixture (every image field filled) built and served as a host serves it, and
 * looked at by Chromium on a phone and a desktop, with JavaScript on and off: the file each
 * <picture> shows is the one its srcset and sizes choose, nothing shifts as images arrive,
 * and the CSP lets every image through.
 */

const dir = tempDir('site-e2e-images-');
let baseUrl = '';
let close = async () => {};
beforeAll(async () => {
  const { contentFile } = await writeImageFixture(REAL_CONTENT, path.join(dir, 'site'));
  ({ baseUrl, close } = await servedBuild({ contentFile, outDir: path.join(dir, 'out'), cacheDir: path.join(dir, 'cache') }));
});
afterAll(async () => {
  await close();
});

const browserOf = useBrowser();

/** The file an <img> shows (its currentSrc, as a path), once loaded; and what its <picture>'s AVIF source offers. */
async function shown(page: Page, selector: string): Promise<{ file: string; avif: string; slot: string; complete: boolean; naturalWidth: number }> {
  const image = page.locator(selector).first();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  return image.evaluate((element: HTMLImageElement) => ({
    file: new URL(element.currentSrc).pathname,
    avif: element.parentElement!.querySelector('source[type="image/avif"]')!.getAttribute('srcset')!,
    slot: element.parentElement!.className,
    complete: element.complete,
    naturalWidth: element.naturalWidth,
  }));
}

const SCREENS = [
  { name: 'a phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 },
  { name: 'a desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
];

const PICTURES: { path: string; selector: string; slot: ImageSlot }[] = [
  { path: '/about', selector: '.about-lead__photo img', slot: 'portrait' },
  { path: '/ebooks', selector: '.book-cover--designed img', slot: 'bookCover' },
  { path: '/bundles', selector: '.bundle-card__cover img', slot: 'bundleCover' },
  { path: '/courses/list', selector: '.course-card__thumbnail img', slot: 'courseThumbnail' },
  { path: '/course/3', selector: '.course-detail__image img', slot: 'courseHero' },
];

describe('content images in the browser', () => {
  for (const screen of SCREENS) {
    for (const javaScriptEnabled of [true, false]) {
      test(`on ${screen.name}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: each picture shows the AVIF its srcset and sizes choose, and nothing shifts`, async () => {
        const { page, log, close } = await openPage(browserOf(), { viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor, javaScriptEnabled });
        await page.addInitScript(() => {
          // Each shift, with what moved (tag.class, from → to), so that a failure says what.
          type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Element; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
          const state = window as unknown as { __shifts: string[] };
          state.__shifts = [];
          const box = (rect: DOMRectReadOnly) => `${rect.x},${rect.y} ${rect.width}x${rect.height}`;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Shift[]) {
              if (entry.hadRecentInput) continue;
              const moved = (entry.sources ?? []).map((source) => `${source.node?.nodeName ?? '?'}.${source.node?.getAttribute?.('class') ?? ''} ${box(source.previousRect)} → ${box(source.currentRect)}`);
              state.__shifts.push(`${entry.value} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        for (const picture of PICTURES) {
          await page.goto(`${baseUrl}${picture.path}`);
          if (javaScriptEnabled) await waitForHydration(page);
          const image = await shown(page, picture.selector);
          const expected = chosenCandidate(candidatesOf(image.avif), picture.slot, { width: screen.viewport.width, dpr: screen.deviceScaleFactor });
          expect(image.file, `${picture.path} on ${screen.name}`).toBe(expected.url);
          // Scripts (PerformanceObserver) run only with JavaScript on.
          if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts), `layout shifts on ${picture.path}`).toEqual([]);
        }
        // The logo, in the header of every community page: PNG, at the mark's size.
        const logo = await page.locator('.brand__mark--logo').evaluate((element: HTMLImageElement) => ({ file: new URL(element.currentSrc).pathname, width: element.getBoundingClientRect().width }));
        expect(logo.file).toMatch(screen.deviceScaleFactor === 3 ? /^\/images\/logo-108\.\w+\.png$/ : /^\/images\/logo-36\.\w+\.png$/);
        expect(logo.width).toBe(36);
        expect(log.messages).toEqual([]);
        await close();
      });
    }
  }

  test('every image is served as the format it is, cached for a year, and under the CSP', async () => {
    const { page, log, close } = await openPage(browserOf(), { viewport: { width: 1280, height: 800 } });
    const responses: { url: string; type: string | null; cache: string | null; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/images/'))
        responses.push({ url: response.url(), type: response.headers()['content-type'] ?? null, cache: response.headers()['cache-control'] ?? null, status: response.status() });
    });
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = violations;
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const response = await page.goto(`${baseUrl}/ebooks`);
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0))).toBe(true);
    expect(responses.length).toBeGreaterThan(10);
    for (const entry of responses) {
      expect(entry.status, entry.url).toBe(200);
      expect(entry.type, entry.url).toBe(entry.url.endsWith('.avif') ? 'image/avif' : entry.url.endsWith('.png') ? 'image/png' : 'image/jpeg');
      expect(entry.cache, entry.url).toBe('public, max-age=31536000, immutable');
    }
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(log.messages).toEqual([]);
    await close();
  });

  test('client-side navigation shows the next page\'s pictures from its data, as a first visit would', async () => {
    const { page, log, close } = await openPage(browserOf(), { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
    await page.goto(`${baseUrl}/courses/list`);
    await waitForHydration(page);
    // Every element of the first thumbnail with its attributes (React sets an img's src last on the client: order aside).
    const picture = () =>
      page
        .locator('.course-card__thumbnail')
        .first()
        .evaluate((element) => [...element.children].map((child) => [child.tagName, Object.fromEntries([...child.attributes].map((attribute) => [attribute.name, attribute.value]).sort())]));
    const direct = await picture();
    await page.goto(`${baseUrl}/courses`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('main a[href="/courses/list"]').first().click();
    await page.waitForURL(`${baseUrl}/courses/list`);
    await expect.poll(picture).toEqual(direct);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(log.messages).toEqual([]);
    await close();
  });

  test('the pages with pictures have no axe violations, on a phone and a desktop', async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const { page, log, close } = await openPage(browserOf(), { viewport });
      for (const path of ['/', ...PICTURES.map((picture) => picture.path)]) {
        await page.goto(`${baseUrl}${path}`);
        await waitForHydration(page);
        // axe must judge the settled page: let the first-load transition finish.
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
        expect(await axeViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
      }
      expect(log.messages).toEqual([]);
      await close();
    }
    // Axe on every page with a picture, twice: about 35 s on 2 idle cores, so room for a busy one.
  }, 180_000);
});
