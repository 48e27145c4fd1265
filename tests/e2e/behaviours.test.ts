import { describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright';
import { openPage, useBrowser, waitForHydration } from '../helpers/browser.ts';
import { TEST_LOGIN } from './global-setup.ts';

const baseUrl = inject('baseUrl');
const browserOf = useBrowser();

/** Opens a path, waits for hydration and for the first-load transition to end. */
async function visit(path: string, options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browserOf(), options);
  await opened.page.goto(`${baseUrl}${path}`);
  await waitForHydration(opened.page);
  return opened;
}


async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Visible to a sighted visitor: in the layout, not hidden, not transparent. */
function isShown(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0.5;
  }, selector);
}

/** The header hides scrolling down past 50px and shows scrolling up or within 50px of the top. */
async function expectHidesOnScroll(page: Page) {
  const header = page.locator('.site-header');
  const hidden = () => header.evaluate((element) => element.classList.contains('site-header--hidden'));
  await scrollTo(page, 40);
  await expect.poll(hidden).toBe(false);
  await scrollTo(page, 400);
  await expect.poll(hidden).toBe(true);
  // The hidden header is moved out of view with a transform, not removed from layout.
  await expect.poll(() => header.evaluate((element) => element.getBoundingClientRect().bottom)).toBeLessThanOrEqual(1);
  await scrollTo(page, 300);
  await expect.poll(hidden).toBe(false);
  await scrollTo(page, 600);
  await expect.poll(hidden).toBe(true);
  await scrollTo(page, 45);
  await expect.poll(hidden).toBe(false);
}

describe('main header', () => {
  test('has the five section links and Join Discord, opening in a new tab safely', async () => {
    const { page, close } = await visit('/about');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const [name, href] of [['Courses', '/courses'], ['eBooks', '/ebooks'], ['About', '/about'], ['FAQ', '/faq'], ['Contact', '/contact']])
      await expect.poll(() => nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    const discord = nav.getByRole('link', { name: /Join Discord/ });
    expect(await discord.getAttribute('target')).toBe('_blank');
    expect(await discord.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await discord.textContent()).toContain('(opens in a new tab)');
    await close();
  });

  test('hides when scrolling down past 50px and shows on scroll up or near the top', async () => {
    const { page, close } = await visit('/ebooks');
    await expectHidesOnScroll(page);
    await close();
  });

  test('on a small screen a toggle opens a menu at most 400px tall that closes on link click and on Escape', async () => {
    const { page, close } = await visit('/', { viewport: { width: 390, height: 700 } });
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const courses = page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Courses', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await courses.isVisible()).toBe(false);
    const controls = await toggle.getAttribute('aria-controls');
    await toggle.click();
    const close1 = page.getByRole('button', { name: 'Close menu' });
    expect(await close1.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => courses.isVisible()).toBe(true);
    const menu = page.locator(`[id="${controls}"]`);
    const box = await menu.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(400);
    expect(await menu.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('400px');
    await page.keyboard.press('Escape');
    await expect.poll(() => courses.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(controls);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await courses.click();
    await page.waitForURL(`${baseUrl}/courses`);
    // The page has arrived (its code may come after the address changes): focus is on its heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect.poll(() => courses.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    // Join Discord opens a new tab; the menu closes behind it as well.
    await page.context().route(/discord/, (route) => route.abort());
    await page.getByRole('button', { name: 'Open menu' }).click();
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: /Join Discord/ }).click(),
    ]);
    await popup.close();
    await expect.poll(() => courses.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await close();
  });

  test('a menu opened while the next page is still loading closes when that page arrives, with focus on its heading', async () => {
    const { page, log, close } = await visit('/', { viewport: { width: 390, height: 700 } });
    // On a slow connection the next page's code arrives late; the old page stays meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/chunk-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    const toggle = page.locator('.menu-toggle');
    await toggle.click();
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL(`${baseUrl}/about`);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.title()).not.toContain('About');
    release();
    await page.waitForFunction(() => document.title.includes('About'));
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await nav.getByRole('link', { name: 'Courses', exact: true }).isVisible()).toBe(false);
    expect(log.messages).toEqual([]);
    await close();
  });
});

describe('agency header', () => {
  test('links Home, Get Started, Pricing, Policies, the main site and Call Now; marks the current page, also after client-side navigation', async () => {
    const { page, log, close } = await visit('/agency/payment');
    const nav = page.getByRole('navigation', { name: 'Agency', exact: true });
    const expected: [string, string][] = [['Home', '/agency'], ['Get Started', '/get-started'], ['Pricing', '/agency/payment'], ['Policies', '/agency/policies'], ['Main Site', '/']];
    for (const [name, href] of expected) expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    expect(await nav.getByRole('link', { name: /Call Now/ }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    const current = () => nav.locator('[aria-current="page"]').allTextContents();
    expect(await current()).toEqual(['Pricing']);
    await nav.getByRole('link', { name: 'Policies', exact: true }).click();
    await page.waitForURL(`${baseUrl}/agency/policies`);
    await expect.poll(current).toEqual(['Policies']);
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect.poll(current).toEqual(['Home']);
    expect(log.messages).toEqual([]);
    await close();
  });
});

describe('agency header on scroll', () => {
  test('hides when scrolling down past 50px and shows on scroll up or near the top, on a phone held sideways too', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 568, height: 320 }]) {
      const { page, close } = await visit('/agency/policies', { viewport });
      await expectHidesOnScroll(page);
      await close();
    }
  });
});

describe('floating buttons', () => {
  test('Join Discord appears only past 600px of scroll on the main site', async () => {
    const { page, close } = await visit('/ebooks');
    const button = '.floating-button';
    expect(await page.locator(`${button} a`).getAttribute('href')).toContain('discord');
    await scrollTo(page, 590);
    await expect.poll(() => isShown(page, button)).toBe(false);
    await scrollTo(page, 620);
    await expect.poll(() => isShown(page, button)).toBe(true);
    await scrollTo(page, 500);
    await expect.poll(() => isShown(page, button)).toBe(false);
    await close();
  });

  test('Call Now appears past 600px in the agency area and on /get-started', async () => {
    for (const path of ['/agency', '/get-started']) {
      const { page, close } = await visit(path);
      const link = page.locator('.floating-button a');
      expect(await link.textContent()).toContain('Call Now');
      expect(await link.getAttribute('href')).toMatch(/^tel:/);
      await scrollTo(page, 300);
      await expect.poll(() => isShown(page, '.floating-button')).toBe(false);
      await scrollTo(page, 700);
      await expect.poll(() => isShown(page, '.floating-button')).toBe(true);
      await close();
    }
  });

  test('/login has no header, no footer and no floating button', async () => {
    const { page, close } = await visit('/login');
    expect(await page.locator('header.site-header, footer, .floating-button').count()).toBe(0);
    await close();
  });
});

describe('accordions', () => {
  const openCount = (page: Page, name: string) => page.locator(`details[name="${name}"][open]`).count();

  test('FAQ: twelve items, none open, one at a time, clicking the open one closes it, keyboard operable', async () => {
    const { page, close } = await visit('/faq');
    const summaries = page.locator('details[name="faq"] > summary');
    expect(await summaries.count()).toBe(12);
    expect(await openCount(page, 'faq')).toBe(0);
    await summaries.nth(0).click();
    expect(await openCount(page, 'faq')).toBe(1);
    await summaries.nth(4).click();
    expect(await openCount(page, 'faq')).toBe(1);
    expect(await page.locator('details[name="faq"]').nth(4).getAttribute('open')).not.toBeNull();
    await expect.poll(() => page.locator('details[name="faq"]').nth(4).innerText()).toContain('25,000');
    await summaries.nth(4).click();
    expect(await openCount(page, 'faq')).toBe(0);
    await summaries.nth(2).focus();
    await page.keyboard.press('Enter');
    expect(await openCount(page, 'faq')).toBe(1);
    await page.keyboard.press('Space');
    expect(await openCount(page, 'faq')).toBe(0);
    await close();
  });

  test('policies: six sections dated January 2025, refund open first, one at a time', async () => {
    const { page, close } = await visit('/agency/policies');
    const items = page.locator('details[name="policies"]');
    expect(await items.count()).toBe(6);
    expect(await page.locator('main').textContent()).toContain('January 2025');
    expect(await openCount(page, 'policies')).toBe(1);
    expect(await items.nth(0).locator('summary').textContent()).toMatch(/Refund/);
    expect(await items.nth(0).getAttribute('open')).not.toBeNull();
    await items.nth(0).locator('summary').click();
    expect(await openCount(page, 'policies')).toBe(0);
    await items.nth(3).locator('summary').click();
    await items.nth(5).locator('summary').click();
    expect(await openCount(page, 'policies')).toBe(1);
    expect(await items.nth(5).getAttribute('open')).not.toBeNull();
    await close();
  });

  test('payment FAQs: four questions, one open at a time', async () => {
    const { page, close } = await visit('/agency/payment');
    const summaries = page.locator('details[name="payment-faq"] > summary');
    expect(await summaries.count()).toBe(4);
    await summaries.nth(0).click();
    await summaries.nth(1).click();
    expect(await openCount(page, 'payment-faq')).toBe(1);
    await close();
  });
});

describe('login gate', () => {
  test('the form has what the spec lists', async () => {
    const { page, close } = await visit('/login');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome Back');
    expect(await page.getByLabel('Username').getAttribute('required')).not.toBeNull();
    expect(await page.getByLabel('Password').getAttribute('required')).not.toBeNull();
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: 'Access Website' }).isEnabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.locator('main').textContent()).toContain('This area is restricted to authorized users only');
    await close();
  });

  test('a wrong pair shows Invalid credentials, announced, and sets no flag', async () => {
    const { page, close } = await visit('/login');
    await page.getByLabel('Username').fill(TEST_LOGIN.username);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Access Website' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toBe('Invalid credentials');
    expect(await page.evaluate(() => sessionStorage.getItem('authenticated'))).toBeNull();
    expect(page.url()).toBe(`${baseUrl}/login`);
    await close();
  });

  test('the right pair sets sessionStorage.authenticated = "true" and goes to /home', async () => {
    const { page, log, close } = await visit('/login');
    await page.getByLabel('Username').fill(TEST_LOGIN.username);
    await page.getByLabel('Password').fill(TEST_LOGIN.password);
    await page.getByRole('button', { name: 'Access Website' }).click();
    await page.waitForURL(`${baseUrl}/home`, { timeout: 15_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('authenticated'))).toBe('true');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    expect(log.messages).toEqual([]);
    await close();
  });

  test('a visitor whose flag is already true is sent from /login to /home', async () => {
    const { page, close } = await visit('/');
    await page.evaluate(() => sessionStorage.setItem('authenticated', 'true'));
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(`${baseUrl}/home`);
    await close();
  });
});

describe('page transition and tone', () => {
  /** Counts AudioContexts and tones started, without playing sound. */
  const instrumentAudio = (page: Page) =>
    page.addInitScript(() => {
      const counters = { contexts: 0, tones: 0, running: false };
      (window as unknown as { __audio: typeof counters }).__audio = counters;
      const Original = window.AudioContext;
      window.AudioContext = class extends Original {
        constructor(...args: ConstructorParameters<typeof AudioContext>) {
          super(...args);
          counters.contexts += 1;
          this.addEventListener('statechange', () => (counters.running = this.state === 'running'));
        }
        override createOscillator() {
          const oscillator = super.createOscillator();
          const start = oscillator.start.bind(oscillator);
          oscillator.start = (when?: number) => {
            counters.tones += 1;
            start(when);
          };
          return oscillator;
        }
      };
    });
  const audio = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __audio: { contexts: number; tones: number; running: boolean } }).__audio }));

  test('ten slices cover the first load and sweep away in about 1.2s; the content is not hidden once they are gone', async () => {
    const opened = await openPage(browserOf());
    await opened.page.goto(`${baseUrl}/about`);
    expect(await opened.page.locator('.pt .pt__slice').count()).toBe(10);
    const durations = await opened.page.locator('.pt__slice').evaluateAll((slices) =>
      slices.map((slice) => {
        const style = getComputedStyle(slice);
        return parseFloat(style.animationDelay) + parseFloat(style.animationDuration);
      }),
    );
    expect(durations[0]).toBeGreaterThan(0);
    expect(Math.max(...durations)).toBeCloseTo(1.2, 1);
    const delays = await opened.page.locator('.pt__slice').evaluateAll((slices) => slices.map((slice) => parseFloat(getComputedStyle(slice).animationDelay)));
    expect(delays[1]! - delays[0]!).toBeCloseTo(0.06, 2);
    expect(parseFloat(await opened.page.locator('.page').evaluate((element) => getComputedStyle(element).animationDelay))).toBeCloseTo(0.4, 2);
    // The sweep runs on the page's clock, which starts late on a busy machine: wait for it to end.
    await expect.poll(() => opened.page.locator('.pt__slice').first().evaluate((element) => element.getBoundingClientRect().height)).toBeLessThan(1);
    await expect.poll(() => isShown(opened.page, '.page')).toBe(true);
    await opened.close();
  });

  test('a client-side navigation plays the GSAP transition and one tone from one AudioContext, none before a gesture', async () => {
    const opened = await openPage(browserOf());
    await instrumentAudio(opened.page);
    await opened.page.goto(`${baseUrl}/`);
    await waitForHydration(opened.page);
    // No sound before a gesture: browsers refuse it (and warn about an AudioContext made then).
    expect(await audio(opened.page)).toEqual({ contexts: 0, tones: 0, running: false });
    const nav = opened.page.getByRole('navigation', { name: 'Main', exact: true });
    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await opened.page.waitForURL(`${baseUrl}/faq`);
    // GSAP drives the slices: during the transition they carry inline transforms.
    await expect.poll(() => opened.page.locator('.pt').getAttribute('class')).toMatch(/pt--running|pt--cover/);
    await expect.poll(() => opened.page.locator('.pt').getAttribute('class'), { timeout: 5_000 }).toContain('pt--done');
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await opened.page.waitForURL(`${baseUrl}/about`);
    await expect.poll(() => audio(opened.page)).toEqual({ contexts: 1, tones: 2, running: true });
    expect(opened.log.messages).toEqual([]);
    await opened.close();
  });

  test('the mute toggle silences the tone for the rest of the visit and stores nothing (the only stored value is the login flag)', async () => {
    const opened = await openPage(browserOf());
    await instrumentAudio(opened.page);
    await opened.page.goto(`${baseUrl}/`);
    await waitForHydration(opened.page);
    const stored = () => opened.page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookies: document.cookie }));
    expect(await stored()).toEqual({ local: 0, session: 0, cookies: '' });
    const toggle = opened.page.getByRole('button', { name: 'Transition sound' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    // Pressing the switch itself plays nothing (not even the first load's tone).
    expect((await audio(opened.page)).tones).toBe(0);
    const nav = opened.page.getByRole('navigation', { name: 'Main', exact: true });
    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await opened.page.waitForURL(`${baseUrl}/faq`);
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await opened.page.waitForURL(`${baseUrl}/about`);
    expect((await audio(opened.page)).tones).toBe(0);
    expect(await opened.page.getByRole('button', { name: 'Transition sound' }).getAttribute('aria-pressed')).toBe('false');
    expect(await stored()).toEqual({ local: 0, session: 0, cookies: '' });
    // Turned back on, the next navigation plays again.
    await opened.page.getByRole('button', { name: 'Transition sound' }).click();
    await nav.getByRole('link', { name: 'Contact', exact: true }).click();
    await opened.page.waitForURL(`${baseUrl}/contact`);
    await expect.poll(async () => (await audio(opened.page)).tones).toBe(1);
    await opened.close();
  });

  test('a press on the sound switch while the page is still loading its code plays no tone, then or once it hydrates', async () => {
    const opened = await openPage(browserOf());
    await instrumentAudio(opened.page);
    // Hold the page's own code (what the entry script imports on demand, not statically),
    // so the press falls between the entry script starting and the page hydrating.
    const entry = await (await fetch(`${baseUrl}/`)).text().then((html) => /<script type="module" src="([^"]+)"/.exec(html)![1]!);
    const entryCode = await (await fetch(new URL(entry, baseUrl))).text();
    const staticImports = new Set([...entryCode.matchAll(/(?:^|[;}])\s*import\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+)["']/g)].map((match) => `/assets/${match[1]}`));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldRequests = 0;
    await opened.page.route(/\/assets\/chunk-[^/]+\.js$/, async (route) => {
      if (!staticImports.has(new URL(route.request().url()).pathname)) {
        heldRequests += 1;
        await held;
      }
      await route.continue();
    });
    // The load's tone is armed when the entry script starts listening for the first press.
    await opened.page.addInitScript(() => {
      const add = window.addEventListener.bind(window);
      window.addEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
        // The site's own scripts (Playwright's injected script listens for presses too).
        if (type === 'pointerdown' && new Error().stack?.includes('/assets/')) (window as unknown as { __pressWindowOpen: boolean }).__pressWindowOpen = true;
        add(type, listener, options);
      };
    });
    await opened.page.goto(`${baseUrl}/`);
    await opened.page.waitForFunction(() => (window as unknown as { __pressWindowOpen?: boolean }).__pressWindowOpen === true, undefined, { timeout: 10_000 });
    expect(heldRequests).toBeGreaterThan(0);
    // The entry script has started; the page has not hydrated.
    expect(await opened.page.evaluate(() => Object.keys(document.getElementById('root')!).length)).toBe(0);
    await opened.page.getByRole('button', { name: 'Transition sound' }).click();
    release();
    await waitForHydration(opened.page);
    await opened.page.waitForTimeout(300);
    expect((await audio(opened.page)).tones).toBe(0);
    // Pressing something else later is not the load's tone either: the window was closed by the press.
    await opened.page.locator('main h1').click();
    await opened.page.waitForTimeout(300);
    expect(await audio(opened.page)).toEqual({ contexts: 0, tones: 0, running: false });
    expect(opened.log.messages).toEqual([]);
    await opened.close();
  });

  test("the first load's tone plays at the visitor's first press during the transition, with sound allowed then; a later first press plays none", async () => {
    const opened = await openPage(browserOf());
    await instrumentAudio(opened.page);
    // The window is a 1.2 s timer from when the entry script arms it: the page's clock stands
    // still from before it loads, so the press falls inside the window however slow the
    // machine (on one busy core, a press right after loading came too late).
    // Installed a minute back and paused ahead of it: pausing needs a time the page's clock
    // has not reached, however long the machine takes between the two calls.
    const start = Date.now();
    await opened.page.clock.install({ time: start - 60_000 });
    await opened.page.clock.pauseAt(start);
    await opened.page.goto(`${baseUrl}/faq`);
    await opened.page.locator('main h1').click();
    await expect.poll(() => audio(opened.page)).toEqual({ contexts: 1, tones: 1, running: true });
    await opened.page.clock.resume();
    // Another load, left alone past its 1.2 s transition: a press then plays nothing. The
    // window is timed from when the script arms it, late on a busy machine: wait until it
    // has stopped listening for presses.
    await opened.page.addInitScript(() => {
      const remove = window.removeEventListener.bind(window);
      window.removeEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions) => {
        // The site's own scripts (Playwright's injected script listens for presses too).
        if (type === 'pointerdown' && new Error().stack?.includes('/assets/')) (window as unknown as { __pressWindowClosed: boolean }).__pressWindowClosed = true;
        remove(type, listener, options);
      };
    });
    await opened.page.reload();
    await waitForHydration(opened.page);
    await opened.page.waitForFunction(() => (window as unknown as { __pressWindowClosed?: boolean }).__pressWindowClosed === true);
    await opened.page.locator('main h1').click();
    await opened.page.waitForTimeout(200);
    expect(await audio(opened.page)).toEqual({ contexts: 0, tones: 0, running: false });
    expect(opened.log.messages).toEqual([]);
    await opened.close();
  });

  test('under prefers-reduced-motion there are no slices and no delay', async () => {
    const { page, close } = await visit('/faq', { reducedMotion: 'reduce' });
    expect(await page.locator('.pt__slice').count()).toBe(0);
    const content = await page.locator('.page').evaluate((element) => ({ opacity: getComputedStyle(element).opacity, delay: getComputedStyle(element).animationDelay, name: getComputedStyle(element).animationName }));
    expect(content.opacity).toBe('1');
    expect(content.name === 'none' || content.delay === '0s').toBe(true);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL(`${baseUrl}/about`);
    expect(await page.locator('.pt__slice').count()).toBe(0);
    await close();
  });
});

describe('navigation hygiene', () => {
  test('after a client-side navigation: new title, scrolled to the top, focus on the heading, announced', async () => {
    const { page, close } = await visit('/ebooks');
    await scrollTo(page, 900);
    await page.evaluate(() => window.scrollBy(0, -10));
    await page.locator('.site-footer').getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(`${baseUrl}/faq`);
    await expect.poll(() => page.title()).toMatch(/^Frequently Asked Questions|FAQ/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('page-title');
    await expect.poll(() => page.getByRole('status').textContent()).toBe(await page.title());
    await close();
  });

  test("when the next page's code cannot be fetched (a deploy replaced it), the navigation asks the server for the page: never a blank page", async () => {
    const { page, log, close } = await visit('/');
    let documents = 0;
    page.on('domcontentloaded', () => (documents += 1));
    // Every chunk from now on fails: the FAQ page's code, and the transition's.
    await page.route(/\/assets\/chunk-[^/]+\.js$/, (route) => route.abort());
    const reloaded = page.waitForEvent('domcontentloaded');
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(`${baseUrl}/faq`);
    await reloaded;
    expect(documents).toBe(1);
    // The server's page, whole: left unhydrated, as its own code fails too, and read without JavaScript.
    await expect.poll(() => page.title()).toBe('Frequently Asked Questions | Young Hustlers Network');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Frequently Asked Questions');
    expect(await page.locator('.site-header').isVisible()).toBe(true);
    expect(await page.locator('.site-footer').isVisible()).toBe(true);
    await page.waitForTimeout(500);
    expect(documents).toBe(1);
    expect(log.messages.filter((message) => !message.includes('net::ERR_FAILED'))).toEqual([]);
    await close();
  });

  test("Agency Login on /coming-soon, an address the host redirects, is followed by the browser to /login: no page data asked for, no error", async () => {
    const { page, log, close } = await visit('/coming-soon');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.getByRole('link', { name: 'Agency Login' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await expect.poll(() => page.title()).toMatch(/^Login/);
    expect(asked).not.toContain('/agency-login/index.json');
    expect(log.messages).toEqual([]);
    await close();
  });

  test('a skip link is the first focusable element and leads to the main content', async () => {
    const { page, close } = await visit('/courses');
    await page.keyboard.press('Tab');
    const skip = page.locator(':focus');
    expect(await skip.textContent()).toBe('Skip to content');
    expect(await isShown(page, '.skip-link:focus')).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await close();
  });
});

describe('keyboard focus is never hidden', () => {
  /** The share of an element's box that is the topmost thing on screen at sampled points (0 to 1). */
  const uncovered = (page: Page, selector = ':focus') =>
    page.evaluate((sel) => {
      const element = document.querySelector(sel)!;
      const box = element.getBoundingClientRect();
      let seen = 0;
      let total = 0;
      for (const fx of [0.15, 0.5, 0.85])
        for (const fy of [0.3, 0.7]) {
          const x = box.left + box.width * fx;
          const y = box.top + box.height * fy;
          total += 1;
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
          const top = document.elementFromPoint(x, y);
          if (top && (top === element || element.contains(top))) seen += 1;
        }
      return seen / total;
    }, selector);

  test('tabbing back into a header that scrolled away brings it back', async () => {
    const { page, close } = await visit('/ebooks');
    await page.locator('main a, main button').first().focus();
    await scrollTo(page, 1200);
    await page.evaluate(() => window.scrollBy(0, 10));
    await expect.poll(() => page.locator('.site-header').getAttribute('class')).toContain('site-header--hidden');
    await page.locator('.sound-toggle').focus();
    await expect.poll(() => page.locator('.sound-toggle').evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(await uncovered(page)).toBe(1);
    await close();
  });

  test('on a phone, leaving the open menu by Tab closes it, and a focused footer link is not under the floating button', async () => {
    const { page, close } = await visit('/about', { viewport: { width: 320, height: 568 } });
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.site-nav--open').count()).toBe(1);
    for (let index = 0; index < 12 && (await page.evaluate(() => !!document.activeElement?.closest('header'))); index += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('header'))).toBe(false);
    await expect.poll(() => page.locator('.site-nav--open').count()).toBe(0);
    expect(await uncovered(page)).toBe(1);
    // Into the footer, with the floating button showing: every focused link is in the clear.
    await page.locator('.site-footer a').first().focus();
    const links = await page.locator('.site-footer a').count();
    for (let index = 0; index < links; index += 1) {
      await page.locator('.site-footer a').nth(index).focus();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await uncovered(page), `footer link ${index}`).toBe(1);
    }
    await close();
  });

  test('on a phone, a focused agency link is brought wholly into view past the fading edge of its row', async () => {
    const { page, close } = await visit('/agency', { viewport: { width: 390, height: 844 } });
    const links = page.locator('.agency-nav a');
    for (let index = 0; index < (await links.count()); index += 1) {
      await links.nth(index).focus();
      const inView = await page.evaluate(() => {
        const link = document.activeElement!.getBoundingClientRect();
        const row = document.querySelector('.agency-nav')!.getBoundingClientRect();
        // The last 2.5rem of the row fade out.
        return link.left >= row.left - 1 && link.right <= row.right - 40 + 1;
      });
      expect(inView, (await links.nth(index).textContent()) ?? String(index)).toBe(true);
    }
    await close();
  });

  test('the skip link jumps to the content without announcing a page or playing a tone', async () => {
    const { page, close } = await visit('/faq');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.waitForTimeout(300);
    expect(await page.getByRole('status').textContent()).toBe('');
    expect(await page.evaluate(() => document.title)).toMatch(/^Frequently Asked Questions/);
    await close();
  });

  test('back to a page scrolled down: the title is announced, the browser keeps the scroll, focus is not pulled to the top', async () => {
    const { page, close } = await visit('/ebooks', { viewport: { width: 390, height: 844 } });
    await scrollTo(page, 2000);
    await page.locator('.site-footer').getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(`${baseUrl}/faq`);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Frequently Asked Questions/);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/ebooks`);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^The eBook Series/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('page-title');
    await close();
  });
});

describe('layout stability', () => {
  test('no layout shift on load, on scroll (header, floating button) or after the transition, on every kind of page', async () => {
    for (const path of ['/', '/faq', '/ebooks', '/login', '/agency/payment', '/course/3']) {
      const opened = await openPage(browserOf(), { viewport: { width: 390, height: 800 } });
      await opened.page.addInitScript(() => {
        (window as unknown as { __shift: number }).__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await opened.page.goto(`${baseUrl}${path}`);
      await waitForHydration(opened.page);
      await opened.page.waitForTimeout(1_300);
      const max = await opened.page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      for (const y of [300, 900, 200, 0]) await scrollTo(opened.page, Math.min(y, max));
      await opened.page.waitForTimeout(300);
      expect(await opened.page.evaluate(() => (window as unknown as { __shift: number }).__shift), path).toBe(0);
      await opened.close();
    }
  });
});
