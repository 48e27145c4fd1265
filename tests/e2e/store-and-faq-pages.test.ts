import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { axeViolations, openPage, useBrowser, waitForHydration } from '../helpers/browser.ts';
import { REAL_CONTENT } from '../helpers/content.ts';
import { servedBuild } from '../helpers/served-build.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// The real content with 30 books (its ten, three times over) and 60 questions (its twelve,
// five times over): the store runs to two pages, 24 and 6; the FAQ to two, 50 and 10.
const dir = mkdtempSync(path.join(os.tmpdir(), 'site-e2e-store-'));
let baseUrl = '';
let close = async () => {};
beforeAll(async () => {
  const content = parseDocument(readFileSync(REAL_CONTENT, 'utf8'));
  const books = (content.toJS() as { books: { id: number; title: string }[] }).books;
  content.set('books', Array.from({ length: 30 }, (_, index) => ({ ...books[index % 10]!, id: index + 1, title: `${books[index % 10]!.title} ${Math.floor(index / 10) + 1}` })));
  const questions = content.getIn(['pages', 'faq', 'items']) as { toJSON(): { question: string; answer: string }[] };
  const twelve = questions.toJSON();
  content.setIn(['pages', 'faq', 'items'], Array.from({ length: 60 }, (_, index) => ({ ...twelve[index % 12]!, question: `${twelve[index % 12]!.question} (${index + 1})` })));
  const contentFile = path.join(dir, 'content.yaml');
  writeFileSync(contentFile, content.toString());
  ({ baseUrl, close } = await servedBuild({ contentFile, outDir: path.join(dir, 'out') }));
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const browserOf = useBrowser();
const covers = (page: import('playwright').Page) => page.locator('.book-cover__svg').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src')));

describe('a store of 30 books, in the browser', () => {
  test('Next moves to page 2 without a full reload: its six books, drawn covers loaded, title and current page following', async () => {
    const { page, log, close } = await openPage(browserOf());
    await page.goto(`${baseUrl}/ebooks`);
    await waitForHydration(page);
    expect(await covers(page)).toHaveLength(24);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 3));
    const pages = page.getByRole('navigation', { name: 'eBook pages' });
    await pages.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${baseUrl}/ebooks/2`);
    await expect.poll(() => covers(page)).toEqual(['/ebooks/covers/25.svg', '/ebooks/covers/26.svg', '/ebooks/covers/27.svg', '/ebooks/covers/28.svg', '/ebooks/covers/29.svg', '/ebooks/covers/30.svg']);
    await expect.poll(() => page.title()).toBe('The eBook Series (Page 2 of 2) | Young Hustlers Network');
    expect(await pages.getByRole('link', { name: 'Page 2 of 2' }).getAttribute('aria-current')).toBe('page');
    // Every cover is a picture the browser drew at its size.
    await page.locator('.book-cover__svg').last().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.book-cover__svg').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth === 200))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(3);
    await pages.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL(`${baseUrl}/ebooks`);
    await expect.poll(() => covers(page).then((shown) => shown.length)).toBe(24);
    expect(log.messages).toEqual([]);
    await close();
  });

  test('page 2 loaded directly hydrates cleanly, has no axe violations, and reads fully without JavaScript', async () => {
    const { page, log, close } = await openPage(browserOf());
    const response = await page.goto(`${baseUrl}/ebooks/2`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
    expect(await axeViolations(page)).toEqual([]);
    expect(log.messages).toEqual([]);
    await close();
    const noJs = await openPage(browserOf(), { javaScriptEnabled: false });
    await noJs.page.goto(`${baseUrl}/ebooks/2`);
    expect(await noJs.page.locator('.book-card').count()).toBe(6);
    expect(await noJs.page.getByRole('link', { name: /Buy Now/ }).count()).toBe(6);
    expect(await noJs.page.getByRole('navigation', { name: 'eBook pages' }).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/ebooks');
    await noJs.close();
  });
});

describe('an FAQ of 60 questions, in the browser', () => {
  test('page 2 of the FAQ: its ten questions numbered on, one open at a time, reached by Next without a reload', async () => {
    const { page, log, close } = await openPage(browserOf());
    await page.goto(`${baseUrl}/faq`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 5));
    await page.getByRole('navigation', { name: 'FAQ pages' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${baseUrl}/faq/2`);
    await expect.poll(() => page.locator('details[name="faq"]').evaluateAll((items) => items.map((item) => item.id))).toEqual(Array.from({ length: 10 }, (_, index) => `faq-${index + 51}`));
    await expect.poll(() => page.title()).toBe('Frequently Asked Questions (Page 2 of 2) | Young Hustlers Network');
    const summaries = page.locator('details[name="faq"] > summary');
    await summaries.nth(1).click();
    await summaries.nth(3).click();
    await expect.poll(() => page.locator('details[name="faq"][open]').evaluateAll((items) => items.map((item) => item.id))).toEqual(['faq-54']);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(5);
    expect(log.messages).toEqual([]);
    await close();
    const noJs = await openPage(browserOf(), { javaScriptEnabled: false });
    await noJs.page.goto(`${baseUrl}/faq/2`);
    expect(await noJs.page.locator('details[name="faq"]').count()).toBe(10);
    await noJs.page.locator('#faq-51 > summary').click();
    expect(await noJs.page.locator('#faq-51').getAttribute('open')).not.toBeNull();
    await noJs.close();
  });
});
