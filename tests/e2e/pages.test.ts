import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright';
import { launchBrowser, openPage } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every route of the spec's table, with a text each must show. */
const ROUTES: [string, string][] = [
  ['/', 'Join Our Discord'],
  ['/home', 'Join Our Discord'],
  ['/login', 'Welcome Back'],
  ['/coming-soon', 'agency services'],
  ['/courses', 'Continue to Courses'],
  ['/courses/list', 'Personal Branding'],
  ['/course/1', 'Mindset'],
  ['/course/8', 'Investing'],
  ['/about', 'Marcus Hale'],
  ['/faq', '25,000'],
  ['/contact', 'FAQ'],
  ['/ebooks', 'Millionaire at 15'],
  ['/bundles', 'Complete'],
  ['/agency', 'Our Process'],
  ['/agency/payment', 'Monthly Access'],
  ['/agency/policies', 'January 2025'],
  ['/get-started', 'Book Strategy Call'],
];

describe('every route', () => {
  for (const [path, text] of ROUTES) {
    test(`${path} loads and hydrates with no console error or warning`, async () => {
      const { page, log, close } = await openPage(browser);
      const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator('main').textContent()).toContain(text);
      // Hydration is done when React has attached its root.
      await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
      expect(log.messages).toEqual([]);
      await close();
    });
  }
});
