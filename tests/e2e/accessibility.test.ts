import { describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright';
import { axeViolations, openPage, useBrowser, waitForHydration } from '../helpers/browser.ts';

/*
 * axe-core on every route, as first shown and with the interactive parts open (the
 * mobile menu, an accordion), on a phone and a desktop width. Any violation fails.
 */

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

const ROUTES = [
  '/', '/login', '/coming-soon', '/courses', '/courses/list', '/course/1', '/course/9', '/course/99', '/about', '/faq', '/contact',
  '/ebooks', '/bundles', '/agency', '/agency/payment', '/agency/policies', '/get-started', '/not-a-page',
];

async function ready(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
  // Let the first-load transition finish: axe must judge the settled page.
  await page.waitForTimeout(1_400);
}

describe('axe-core finds no violation', () => {
  for (const path of ROUTES) {
    test(`${path}, desktop`, async () => {
      const { page, close } = await openPage(browserOf(), { viewport: { width: 1280, height: 900 } });
      await ready(page, path);
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });
  }

  test('with the mobile menu open', async () => {
    const { page, close } = await openPage(browserOf(), { viewport: { width: 390, height: 800 } });
    await ready(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  for (const [path, name] of [['/faq', 'faq'], ['/agency/payment', 'payment-faq'], ['/agency/policies', 'policies']] as const) {
    test(`${path} with an accordion item open, on a phone`, async () => {
      const { page, close } = await openPage(browserOf(), { viewport: { width: 390, height: 800 } });
      await ready(page, path);
      await page.locator(`details[name="${name}"] > summary`).nth(1).click();
      expect(await axeViolations(page)).toEqual([]);
      await close();
    });
  }
});
