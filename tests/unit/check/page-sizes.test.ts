import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { brotliSize } from '../../../generator/check/brotli-size.ts';
import { BUDGETS, measurePage, overBudget } from '../../../generator/check/page-sizes.ts';

const none = { raw: 0, brotli: 0 };
const page = (html: string) => measurePage({ file: 'index.html', html, css: none, js: none, upTo: BUDGETS });

/** HTML of `bytes` raw bytes, as repetitive as a long list page is. */
const listPage = (bytes: number) => `<!doctype html><ul>${'<li><a href="/course/1/">A course title</a></li>'.repeat(bytes / 48)}</ul>`;

describe('what a first visit downloads, measured only as exactly as the budget needs', () => {
  test('a page whose raw bytes are within its budget is not compressed: its raw size stands in', () => {
    const size = page(listPage(8 * 1024));
    expect(size.exact).toBe(false);
    expect(size.html.brotli).toBe(size.html.raw);
  });

  test('a large page that compresses far below its budget gets a bound between the exact size and its raw size', () => {
    const html = listPage(200 * 1024);
    const size = page(html);
    expect(size.exact).toBe(false);
    expect(size.html.brotli).toBeGreaterThanOrEqual(brotliSize(html));
    expect(size.html.brotli).toBeLessThan(size.html.raw);
    expect(overBudget(size)).toEqual([]);
  });

  test('a page that could break its budget is measured exactly, and reported over it', () => {
    // Bytes brotli cannot shrink, as text: over the HTML budget whatever the quality.
    const html = `<!doctype html><p>${randomBytes(BUDGETS.html).toString('base64')}</p>`;
    const size = page(html);
    expect(size.exact).toBe(true);
    expect(size.html.brotli).toBe(brotliSize(html));
    expect(overBudget(size)).toEqual([{ over: 'html', message: expect.stringMatching(/^HTML of a first visit is [\d.]+ KB \(brotli\), over its budget of 32\.0 KB$/) }]);
  });
});
