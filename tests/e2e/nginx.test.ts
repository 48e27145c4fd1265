import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { decodeEntities } from '../../generator/check/html-tokens.ts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, SECURITY_HEADERS } from '../../generator/site-files/hosting-files.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { NGINX, startNginx } from '../helpers/nginx.ts';
import { listFiles } from '../helpers/output.ts';

/*
 * The built site served by Debian's nginx with the documented server block
 * (templates/nginx.conf): the same headers, redirects and not-found pages as the hosts,
 * and every page loads, hydrates and stays within the CSP there.
 */

const outDir = inject('outDir');
let nginx: Awaited<ReturnType<typeof startNginx>>;
let browser: Browser;

beforeAll(async () => {
  nginx = await startNginx(outDir);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
});

const get = (target: string) => fetch(`${nginx.url}${target}`, { redirect: 'manual' });

/** Every page of the build by URL, with its h1 as a person reads it. */
function pages(): { url: string; heading: string }[] {
  return listFiles(outDir)
    .filter((file) => file.endsWith('index.html') && !file.startsWith('agency-login/'))
    .map((file) => {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      const heading = decodeEntities(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '');
      return { url: file === 'index.html' ? '/' : `/${file.slice(0, -'/index.html'.length)}`, heading };
    });
}

describe.skipIf(!existsSync(NGINX))('nginx with templates/nginx.conf', () => {
  test('every response carries the headers of out/_headers, error pages and redirects included', async () => {
    const asset = readdirSync(path.join(outDir, 'assets')).find((name) => name.endsWith('.js'))!;
    const cases: [string, number, string][] = [
      ['/', 200, REVALIDATE_CACHE],
      ['/about', 200, REVALIDATE_CACHE],
      ['/about/', 200, REVALIDATE_CACHE],
      [`/assets/${asset}`, 200, IMMUTABLE_CACHE],
      ['/social/home.png', 200, IMMUTABLE_CACHE],
      ['/nope', 404, REVALIDATE_CACHE],
      ['/course/99', 404, REVALIDATE_CACHE],
      ['/agency-login', 301, REVALIDATE_CACHE],
    ];
    for (const [target, status, cache] of cases) {
      const response = await get(target);
      expect(response.status, target).toBe(status);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), `${target} ${name}`).toBe(value);
      expect(response.headers.get('cache-control'), target).toBe(cache);
    }
  });

  test('not-found pages, the agency login redirect, MIME types; host files are not served', async () => {
    const course = await get('/course/99');
    expect(await course.text()).toContain('<title>Course not found');
    const other = await get('/no/such/page');
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('<title>Page not found');
    expect((await get('/agency-login')).headers.get('location')).toBe('/login');
    expect((await get('/agency-login/')).headers.get('location')).toBe('/login');
    for (const target of ['/_headers', '/_redirects']) expect((await get(target)).status, target).toBe(404);
    expect((await get('/site.webmanifest')).headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect((await get('/sitemap.xml')).headers.get('content-type')).toMatch(/xml/);
    expect((await get('/social/home.png')).headers.get('content-type')).toBe('image/png');
    expect((await get('/about')).headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  test('every page loads with status 200, shows its heading, hydrates, with no console message or CSP violation', async () => {
    const all = pages();
    expect(all.length).toBeGreaterThanOrEqual(25);
    for (const { url, heading } of all) {
      const { page, log, close } = await openPage(browser);
      await page.addInitScript(() => {
        const violations: string[] = [];
        (window as unknown as { __violations: string[] }).__violations = violations;
        document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
      const response = await page.goto(`${nginx.url}${url}`, { waitUntil: 'networkidle' });
      expect(response?.status(), url).toBe(200);
      await expect.poll(() => page.locator('h1').first().textContent(), { message: url }).toContain(heading.trim().slice(0, 20));
      await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations), url).toEqual([]);
      expect(log.messages, url).toEqual([]);
      await close();
    }
  }, 180_000);

  test('client-side navigation through the header works under nginx', async () => {
    const { page, log, close } = await openPage(browser);
    await page.goto(`${nginx.url}/`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/faq');
    await expect.poll(() => page.locator('main h1').textContent()).toBeTruthy();
    expect(log.messages).toEqual([]);
    await close();
  });

  test('a browser following /agency-login lands on the login page', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${nginx.url}/agency-login`, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/login');
    await close();
  });
});
