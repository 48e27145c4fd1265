import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { brotliBound, brotliSize, brotliSizes } from '../../../generator/check/brotli-size.ts';

/** A list page of `cards` cards, each a little different, as the eBook store is with many books. */
const storePage = (cards: number) =>
  `<!doctype html><main>${Array.from({ length: cards }, (_, index) => `<article class="card"><h3>Book ${index + 1}</h3><p>A guide to money, ${index % 7} chapters.</p><a href="/ebooks#book-${index + 1}" class="button">Buy Now $${(9 + (index % 5)).toFixed(2)}</a></article>`).join('')}</main>`;

/** What Node writes at quality 11 with its own settings (the largest window, whatever the input). */
const nodeDefault = (contents: string) => brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

describe('brotli figures, with the window the `brotli` tool fits to each file', () => {
  test('the exact figure is what a host serves: within a byte of brotli with the largest window', () => {
    for (const html of [storePage(10), storePage(200)]) {
      expect(Math.abs(brotliSize(html) - nodeDefault(html))).toBeLessThanOrEqual(1);
    }
  });

  test('files measured together in the thread pool get the very figures each gets alone, in their order', async () => {
    // Not in order of size: they are compressed largest first, a few at a time.
    const files = [storePage(10), Buffer.from(storePage(200)), storePage(600), '', storePage(40)];
    const alone = files.map((file) => brotliSize(file));
    for (const cores of [1, 3]) expect(await brotliSizes(files, cores)).toEqual(alone);
  });

  test('the bound of a page larger than its 256 KB window is still never below the exact figure, and close to it', () => {
    const html = storePage(3000);
    expect(Buffer.byteLength(html)).toBeGreaterThan(256 * 1024);
    const exact = brotliSize(html);
    const bound = brotliBound(html);
    expect(bound).toBeGreaterThanOrEqual(exact);
    expect(bound).toBeLessThan(exact * 1.5);
  });
});
