import { describe, expect, inject, test } from 'vitest';
import { openPage, useBrowser, waitForHydration } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

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
    test(`${path} loads and hydrates with no console error or warning, and fetches no data`, async () => {
      const { page, log, close } = await openPage(browserOf());
      const fetched = recordFetches(page);
      const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator('main').textContent()).toContain(text);
      // Hydration is done when React has attached its root.
      await waitForHydration(page);
      expect(log.messages).toEqual([]);
      // Spec: "No data is fetched" (the ten courses ship with the course pages' scripts).
      expect(fetched).toEqual([]);
      await close();
    });
  }
});

describe('with JavaScript disabled', () => {
  for (const [path, text] of ROUTES) {
    test(`${path} reads fully and nothing covers it`, async () => {
      const { page, close } = await openPage(browserOf(), { javaScriptEnabled: false });
      await page.goto(`${baseUrl}${path}`);
      expect(await page.locator('main').textContent()).toContain(text);
      expect(await page.locator('h1').count()).toBe(1);
      // No overlay and no pending fade: the content is visible at once.
      await page.waitForTimeout(50);
      const state = await page.evaluate(() => ({
        overlay: document.querySelector('.pt') ? getComputedStyle(document.querySelector('.pt')!).display : 'none',
        opacity: getComputedStyle(document.querySelector('.page')!).opacity,
      }));
      expect(state).toEqual({ overlay: 'none', opacity: '1' });
      await close();
    });
  }

  test('the login page says why its button is disabled; with JavaScript the note is not shown', async () => {
    const note = 'Logging in needs JavaScript. Turn it on in your browser, then reload this page.';
    const off = await openPage(browserOf(), { javaScriptEnabled: false });
    await off.page.goto(`${baseUrl}/login`);
    expect(await off.page.getByRole('button', { name: 'Access Website' }).isDisabled()).toBe(true);
    expect(await off.page.getByText(note).isVisible()).toBe(true);
    await off.close();
    const on = await openPage(browserOf());
    await on.page.goto(`${baseUrl}/login`);
    await waitForHydration(on.page);
    expect(await on.page.getByText(note).isVisible()).toBe(false);
    expect(await on.page.getByRole('button', { name: 'Access Website' }).isDisabled()).toBe(false);
    await on.close();
  });

  test('the main navigation is usable on a small screen without the toggle', async () => {
    const { page, close } = await openPage(browserOf(), { javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    await page.goto(`${baseUrl}/`);
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const name of ['Courses', 'eBooks', 'About', 'FAQ', 'Contact']) expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    await close();
  });
});

describe('not-found pages', () => {
  test('an unknown course shows Course not found with a Return to courses link, status 404', async () => {
    const { page, log, close } = await openPage(browserOf());
    const response = await page.goto(`${baseUrl}/course/99`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Course not found');
    await page.getByRole('link', { name: 'Return to courses' }).click();
    await page.waitForURL(`${baseUrl}/courses`);
    expect(log.messages.filter((message) => !message.includes('404'))).toEqual([]);
    await close();
  });

  test('a path in other letter case is the not-found page the host answers with, hydrated without a mismatch', async () => {
    for (const path of ['/ABOUT', '/Faq', '/Agency/Payment', '/COURSE/1']) {
      const { page, log, close } = await openPage(browserOf());
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      await waitForHydration(page);
      await page.waitForTimeout(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toMatch(/^(Page|Course) not found$/);
      expect(await page.title(), path).toMatch(/not found/i);
      expect(log.messages.filter((message) => !message.includes('404')), path).toEqual([]);
      await close();
    }
  });

  test('any other unknown path shows the not-found page, status 404', async () => {
    const { page, close } = await openPage(browserOf());
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await close();
  });
});

/** URLs the page requests with fetch() or XMLHttpRequest. */
function recordFetches(page: import('playwright').Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (['fetch', 'xhr'].includes(request.resourceType())) fetched.push(request.url());
  });
  return fetched;
}

describe('client-side navigation', () => {
  test('from the course list to a course page and back, titles follow and no data is fetched', async () => {
    const { page, log, close } = await openPage(browserOf());
    const fetched = recordFetches(page);
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Courses', exact: true }).click();
    await page.waitForURL(`${baseUrl}/courses`);
    await page.getByRole('link', { name: /Continue to Courses/ }).click();
    await page.waitForURL(`${baseUrl}/courses/list`);
    await page.locator('main a[href="/course/8"]').click();
    await page.waitForURL(`${baseUrl}/course/8`);
    await expect.poll(() => page.locator('main h1').textContent()).toContain('Investing');
    await expect.poll(() => page.title()).toMatch(/^Investing/);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/courses/list`);
    await expect.poll(() => page.locator('main').textContent()).toContain('Personal Branding');
    expect(fetched).toEqual([]);
    expect(log.messages).toEqual([]);
    await close();
  });


  test('header links change pages without a full reload', async () => {
    const { page, log, close } = await openPage(browserOf());
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const [name, path, heading] of [
      ['Courses', '/courses', 'Continue to Courses'],
      ['eBooks', '/ebooks', 'Millionaire at 15'],
      ['About', '/about', 'Marcus Hale'],
      ['FAQ', '/faq', '25,000'],
      ['Contact', '/contact', 'FAQ'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${baseUrl}${path}`);
      await expect.poll(() => page.locator('main').textContent()).toContain(heading);
    }
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(log.messages).toEqual([]);
    await close();
  });
});
