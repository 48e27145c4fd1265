import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { positionOf, ROOT } from '../helpers/cli.ts';
import { projectCopy, startDev, type DevProcess } from '../helpers/dev.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Runs `edit` and resolves once the page has loaded again (the dev client reloads it). */
async function reloadAfter(page: Page, edit: () => void, dev?: DevProcess): Promise<void> {
  await page.evaluate(() => ((window as unknown as { beforeEdit: boolean }).beforeEdit = true));
  const loaded = page.waitForEvent('load', { timeout: 20_000 }).catch((error: Error) => {
    // Say what site dev printed meanwhile: whether it saw the edit, and what it made of it.
    throw new Error(`${error.message}\nsite dev's output:\n${dev?.output.stdout ?? ''}${dev?.output.stderr ?? ''}`);
  });
  edit();
  await loaded;
  expect(await page.evaluate(() => (window as unknown as { beforeEdit?: boolean }).beforeEdit)).toBeUndefined();
}

describe('site dev with a content file in a temp folder', () => {
  let dev: DevProcess;
  let dir: string;
  let file: string;
  let original: string;
  let page: Page;
  let log: { messages: string[] };
  const headline = () => page.locator('h1').first().textContent();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'site-dev-'));
    file = path.join(dir, 'content.yaml');
    cpSync(path.join(ROOT, 'content.yaml'), file);
    original = readFileSync(file, 'utf8');
    dev = await startDev({ cwd: dir });
    ({ page, log } = await openPage(browser));
  });
  afterAll(async () => {
    if (dev?.child.exitCode === null) await dev.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('serves the site from memory with the dev client, on 127.0.0.1', async () => {
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await page.goto(`${dev.url}/`);
    expect(response?.status()).toBe(200);
    expect(await headline()).toContain('Build your future, together.');
    expect(await page.content()).toContain('/__site/client.js');
    expect(await page.locator('#site-dev-overlay').count()).toBe(0);
    const missing = await page.request.get(`${dev.url}/course/99`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('/__site/client.js');
  });

  test('a content edit reaches the open tab: it reloads and shows the new text; only the pages that show it are rendered', async () => {
    await reloadAfter(page, () => writeFileSync(file, original.replace('headline: Build your future, together.', 'headline: Build it live, together.')), dev);
    expect(await headline()).toContain('Build it live, together.');
    // The headline is on / and /home: two pages of 27.
    await dev.waitForOutput(/↻ content\.yaml: 2 of 27 pages rendered in [\d.]+ m?s/);
    expect(log.messages).toEqual([]);
  });

  test('a broken edit shows the overlay over the last good page and prints the same in the terminal', async () => {
    const broken = original.replace('headline: Build your future, together.', 'headline: Build it live, together.').replace('price: 114.99', 'price: 114.999');
    const from = dev.output.stderr.length;
    await reloadAfter(page, () => writeFileSync(file, broken), dev);
    const overlay = page.locator('#site-dev-overlay');
    await expect.poll(() => overlay.isVisible()).toBe(true);
    const where = `content.yaml:${positionOf(broken, '114.999')}`;
    const shown = (await overlay.locator('pre').textContent()) ?? '';
    expect(shown).toContain(`${where}  bundles.3.price  must have at most two decimal places`);
    expect(shown).toMatch(/> \d+ \|     price: 114\.999\n\s+\| {12}\^/);
    expect(shown).toContain('hint: Write prices like 16.99.');
    expect(await page.getByRole('alert').filter({ hasText: 'must have at most two decimal places' }).count()).toBe(1);
    // The last good build is still served under the overlay.
    expect(await headline()).toContain('Build it live, together.');
    // The terminal prints the same text (the overlay is its escaped copy).
    await dev.waitForOutput(/serving the last good build/);
    expect(dev.output.stderr.slice(from)).toContain(shown);
  });

  test('markup in a broken value is escaped in the overlay, never run', async () => {
    const hostile = original.replace('price: 114.99', 'price: "<img src=x onerror=window.injected=1>"');
    await reloadAfter(page, () => writeFileSync(file, hostile), dev);
    await expect.poll(() => page.locator('#site-dev-overlay').isVisible()).toBe(true);
    expect(await page.locator('#site-dev-overlay img').count()).toBe(0);
    expect(await page.locator('#site-dev-overlay pre').textContent()).toContain('<img src=x onerror=window.injected=1>');
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
  });

  test('fixing the file clears the overlay', async () => {
    await reloadAfter(page, () => writeFileSync(file, original), dev);
    expect(await page.locator('#site-dev-overlay').count()).toBe(0);
    expect(await headline()).toContain('Build your future, together.');
    expect(log.messages.filter((message) => !message.includes('EventSource'))).toEqual([]);
  });

  test('Ctrl+C closes the watcher, the esbuild contexts and the server: exit 0', async () => {
    const pid = dev.child.pid!;
    expect(await dev.stop()).toBe(0);
    expect(existsSync(path.join(ROOT, 'node_modules', '.cache', 'site', 'dev', String(pid)))).toBe(false);
    await expect(fetch(`${dev.url}/`)).rejects.toThrow();
  });
});

describe('site dev, saved to at once', () => {
  test('an edit made the moment site dev says it is watching is rebuilt', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'site-dev-'));
    const file = path.join(dir, 'content.yaml');
    const original = readFileSync(path.join(ROOT, 'content.yaml'), 'utf8');
    writeFileSync(file, original);
    const dev = await startDev({ cwd: dir });
    try {
      expect(dev.output.stdout).toContain('watching content.yaml');
      writeFileSync(file, original.replace('headline: Build your future, together.', 'headline: Saved at once, together.'));
      await dev.waitForOutput(/↻ content\.yaml: 2 of 27 pages rendered/, { timeout: 20_000 });
      expect(await (await fetch(`${dev.url}/`)).text()).toContain('Saved at once, together.');
    } finally {
      await dev.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('site dev in a copy of the project', () => {
  let dev: DevProcess;
  let dir: string;

  beforeAll(async () => {
    const copy = projectCopy();
    dir = copy.dir;
    dev = await startDev({ cwd: dir, bin: copy.bin });
  });
  afterAll(async () => {
    if (dev?.child.exitCode === null) await dev.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a component edit re-bundles the server and client code and reloads the tab', async () => {
    const { page, log, close } = await openPage(browser);
    await page.goto(`${dev.url}/faq`);
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
    const layout = path.join(dir, 'site', 'components', 'chrome', 'layout.tsx');
    const source = readFileSync(layout, 'utf8');
    expect(source).toContain('<main ');
    await reloadAfter(page, () => writeFileSync(layout, source.replace('<main ', '<main data-edited="yes" ')), dev);
    expect(await page.locator('main[data-edited="yes"]').count()).toBe(1);
    // Hydrates without a mismatch: the browser bundle has the edit too.
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
    // Code every page is made with: every page renders.
    await dev.waitForOutput(/↻ site\/components\/chrome\/layout\.tsx: 27 of 27 pages rendered/);
    expect(log.messages).toEqual([]);
    await close();
  });

  test('a syntax error in a component is shown with its location, and fixing it recovers', async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${dev.url}/`);
    const layout = path.join(dir, 'site', 'components', 'chrome', 'layout.tsx');
    const source = readFileSync(layout, 'utf8');
    await reloadAfter(page, () => writeFileSync(layout, source.replace('<main ', '<main <')), dev);
    await expect.poll(() => page.locator('#site-dev-overlay').isVisible()).toBe(true);
    expect(await page.locator('#site-dev-overlay pre').textContent()).toMatch(/site\/components\/chrome\/layout\.tsx:\d+:\d+/);
    await reloadAfter(page, () => writeFileSync(layout, source), dev);
    expect(await page.locator('#site-dev-overlay').count()).toBe(0);
    await close();
  });

  test("a change to the generator's own code starts it again on the same address; the tab reloads with the new code's pages", async () => {
    const { page, log, close } = await openPage(browser);
    await page.goto(`${dev.url}/faq`);
    const headMeta = path.join(dir, 'generator', 'render', 'head-meta.ts');
    const source = readFileSync(headMeta, 'utf8');
    expect(source).toContain("'summary_large_image'");
    await reloadAfter(page, () => writeFileSync(headMeta, source.replace("'summary_large_image'", "'summary'")), dev);
    await dev.waitForOutput(/generator\/render\/head-meta\.ts: the generator's own code changed; starting it again/);
    expect(page.url()).toBe(`${dev.url}/faq`);
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary');
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
    expect(log.messages).toEqual([]);
    await reloadAfter(page, () => writeFileSync(headMeta, source), dev);
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
    await close();
  });
});

describe('site build output', () => {
  test('has no trace of the dev client or the overlay', () => {
    const outDir = inject('outDir');
    const found: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(html|js|css|json|xml|txt|webmanifest)$|^_/.test(entry.name)) {
          const text = readFileSync(full, 'utf8');
          for (const trace of ['/__site/', 'site-dev-overlay', 'site dev', 'EventSource']) if (text.includes(trace)) found.push(`${path.relative(outDir, full)}: ${trace}`);
        }
      }
    };
    walk(outDir);
    expect(readdirSync(outDir)).toContain('index.html');
    expect(found).toEqual([]);
  });
});
