import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../generator/site-files/hosting-files.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { listFiles } from '../helpers/output.ts';

/*
 * The Content-Security-Policy of out/_headers, enforced by Chromium: `site serve` (the
 * global setup's server) sends it like the hosts do. No page may cause a violation, JSON-LD
 * included, and the listener is shown to catch one when there is one.
 */

const baseUrl = inject('baseUrl');
const outDir = inject('outDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page that records every CSP violation (as events) besides console messages. */
async function watchedPage() {
  const opened = await openPage(browser);
  await opened.page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = violations;
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return opened;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/** Every HTML file of the build as the URL a visitor uses. */
function urls(): string[] {
  return listFiles(outDir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => (file === 'index.html' ? '/' : file.endsWith('/index.html') ? `/${file.slice(0, -'/index.html'.length)}` : `/${file}`));
}

describe('the CSP enforced on every page', () => {
  test('the server sends the policy of out/_headers', async () => {
    const response = await fetch(`${baseUrl}/about`);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(readFileSync(path.join(outDir, '_headers'), 'utf8')).toContain(`Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`);
  });

  test('no page causes a violation or a console message, with JavaScript running and the JSON-LD in place', async () => {
    const all = urls();
    expect(all.length).toBeGreaterThanOrEqual(28);
    for (const url of all) {
      const { page, log, close } = await watchedPage();
      const response = await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' });
      expect(response?.headers()['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      if (url !== '/agency-login') await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
      expect(await violations(page), url).toEqual([]);
      expect(log.messages, url).toEqual([]);
      await close();
    }
  }, 180_000);

  test('JSON-LD is a data block: present, parsed by nobody, and no violation', async () => {
    const { page, log, close } = await watchedPage();
    await page.goto(`${baseUrl}/ebooks`, { waitUntil: 'networkidle' });
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    expect(JSON.parse(blocks[0]!)['@graph']).toHaveLength(10);
    expect(await violations(page)).toEqual([]);
    expect(log.messages).toEqual([]);
    await close();
  });

  test('the listener does catch a violation: an injected inline script is refused and reported', async () => {
    const { page, log, close } = await watchedPage();
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__ran = true';
      document.body.append(script);
      document.body.insertAdjacentHTML('beforeend', '<p style="color:red">x</p>');
    });
    await expect.poll(() => violations(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src-elem inline$/)]));
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    expect(log.messages.some((message) => message.includes('Content Security Policy'))).toBe(true);
    await close();
  });

  test('the redirect page for hosts without _redirects takes a browser to /login without a script', async () => {
    const { page, close } = await watchedPage();
    await page.goto(`${baseUrl}/agency-login/index.html`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await violations(page)).toEqual([]);
    await close();
  });
});
