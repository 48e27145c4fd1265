import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openPage, useBrowser } from '../helpers/browser.ts';
import { REAL_CONTENT } from '../helpers/content.ts';
import { servedBuild } from '../helpers/served-build.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/*
 * A word longer than a phone is wide (a pasted link, a name without spaces) breaks inside
 * its box, headings and cards and the FAQ's questions included, rather than widening the
 * page past the screen.
 */
const WORD = 'W'.repeat(300);
const dir = mkdtempSync(path.join(os.tmpdir(), 'site-e2e-long-'));
let baseUrl = '';
let close = async () => {};
beforeAll(async () => {
  const source = readFileSync(REAL_CONTENT, 'utf8');
  const edited = source
    .replace('  name: Young Hustlers Network\n', `  name: ${WORD}\n`)
    .replace('    headline: Build your future, together.\n', `    headline: ${WORD}\n`)
    .replace('    title: Foundation Bundle\n', `    title: ${WORD}\n`)
    .replace('      - question: What is Young Hustlers Network?\n', `      - question: ${WORD}\n`);
  expect(edited.split(WORD)).toHaveLength(5);
  const contentFile = path.join(dir, 'content.yaml');
  writeFileSync(contentFile, edited);
  ({ baseUrl, close } = await servedBuild({ contentFile, outDir: path.join(dir, 'out') }));
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const browserOf = useBrowser();

describe('a 300-letter word in the site name, a headline, a bundle title and a question', () => {
  for (const route of ['/', '/bundles', '/faq']) {
    test(`${route} is no wider than a 375-pixel phone, and shows the whole word`, async () => {
      const { page, close } = await openPage(browserOf(), { viewport: { width: 375, height: 800 } });
      try {
        await page.goto(`${baseUrl}${route}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
        expect(await page.locator('main').textContent()).toContain(WORD);
      } finally {
        await close();
      }
    });
  }
});
