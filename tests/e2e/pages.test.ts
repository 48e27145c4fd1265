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
    test(`${path} loads and hydrates with no console error or warning, from the data its HTML carries (nothing fetched)`, async () => {
      const { page, log, close } = await openPage(browserOf());
      const fetched = recordFetches(page);
      const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator('main').textContent()).toContain(text);
      // Hydration is done when React has attached its root.
      await waitForHydration(page);
      expect(log.messages).toEqual([]);
      // A first visit hydrates from the page's own data block: no request for data.
      expect(fetched).toEqual([]);
      await close();
    });
  }
});

describe('first paint', () => {
  test('a long page is painted whole, on a slow device too: never half-parsed, so nothing moves as the rest arrives', async () => {
    const { page, log, close } = await openPage(browserOf(), { viewport: { width: 1280, height: 800 } });
    // Chromium paints what it has parsed each time its parser yields, which a slow CPU makes it do mid-page.
    const session = await page.context().newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    // What the first frame the browser renders has: animation frames run only when it renders.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { __firstFrame: unknown }).__firstFrame = { footer: document.querySelector('footer') !== null, dataBlock: document.getElementById('site-data') !== null };
      });
    });
    for (const path of ['/courses/list', '/faq', '/ebooks', '/agency/policies']) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
      await expect.poll(() => page.evaluate(() => (window as unknown as { __firstFrame?: unknown }).__firstFrame), { message: path, timeout: 20_000 }).toEqual({ footer: true, dataBlock: true });
    }
    expect(log.messages).toEqual([]);
    await close();
  });
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
      expect(await page.getByRole('heading', { level: 1 }).innerText(), path).toMatch(/^(Page|Course) not found$/);
      expect(await page.title(), path).toMatch(/not found/i);
      expect(log.messages.filter((message) => !message.includes('404')), path).toEqual([]);
      await close();
    }
  });

  test('any other unknown path shows the not-found page, status 404', async () => {
    const { page, close } = await openPage(browserOf());
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
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
  test("from the course list to a course page and back: each page's data is fetched once, from its index.json, and titles follow", async () => {
    const { page, log, close } = await openPage(browserOf());
    const fetched = recordFetches(page);
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 8));
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
    await page.locator('main a[href="/course/8"]').click();
    await expect.poll(() => page.title()).toMatch(/^Investing/);
    // One request per page visited, none for a page visited before; no full reload.
    expect(fetched.map((url) => new URL(url).pathname)).toEqual(['/courses/index.json', '/courses/list/index.json', '/course/8/index.json']);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(8);
    expect(log.messages).toEqual([]);
    await close();
  });

  test('a page reached by a link shows exactly what the same page loaded directly shows', async () => {
    const { page, close } = await openPage(browserOf());
    for (const [from, link, to] of [
      ['/courses/list', 'main a[href="/course/8"]', '/course/8'],
      ['/ebooks', 'main a[href="/bundles"]', '/bundles'],
      ['/agency', 'header a[href="/agency/policies"]', '/agency/policies'],
    ] as const) {
      const loaded = await page.context().newPage();
      await loaded.goto(`${baseUrl}${to}`);
      await waitForHydration(loaded);
      // The markup without comments: React's markers of server-rendered text and Suspense are not content.
      const markup = (html: string) => html.replace(/<!--[^]*?-->/g, '');
      const direct = markup(await loaded.locator('main').innerHTML());
      await page.goto(`${baseUrl}${from}`);
      await waitForHydration(page);
      await page.locator(link).first().click();
      await page.waitForURL(`${baseUrl}${to}`);
      await expect.poll(async () => markup(await page.locator('main').innerHTML()), { message: to }).toBe(direct);
      await loaded.close();
    }
    await close();
  });

  test('a navigation whose data cannot be fetched loads the page from the server instead', async () => {
    const { page, log, close } = await openPage(browserOf());
    await page.route('**/faq/index.json', (route) => route.abort());
    let documents = 0;
    page.on('domcontentloaded', () => (documents += 1));
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(`${baseUrl}/faq`);
    await expect.poll(() => documents).toBe(2);
    await expect.poll(() => page.locator('main').textContent()).toContain('25,000');
    expect(log.messages.filter((message) => !message.includes('net::ERR_FAILED'))).toEqual([]);
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
