import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { pruneCache } from '../../../generator/images/image-cache.ts';
import { RENDER_SLOTS, rendersRunning } from '../../../generator/images/image-library.ts';
import { renderPng, renderPngCached } from '../../../generator/outputs/png.ts';
import { cardSlug } from '../../../generator/outputs/page-cards.ts';
import { cardSvg } from '../../../generator/outputs/social-cards.ts';
import { textWidth, wrapText } from '../../../generator/outputs/text-metrics.ts';
import { pngSize } from '../../helpers/output.ts';
import { tempDir } from '../../helpers/temp.ts';

const dir = tempDir('site-cards-');

const text = { title: 'Pricing & Payment <Plans>', brand: 'Hustler Analytics', description: 'Three plans "from" $0.', host: 'site.example' };

describe('the card SVG', () => {
  test('escapes every text and shows title, brand, description and host', () => {
    const svg = cardSvg(text, '#7c3aed');
    expect(svg).toContain('Pricing &#38; Payment');
    expect(svg).toContain('&#60;Plans&#62;</text>');
    expect(svg).not.toContain('<Plans>');
    expect(svg).toContain('>Hustler Analytics</text>');
    expect(svg).toContain('>Three plans &#34;from&#34; $0.</text>');
    expect(svg).toContain('>site.example</text>');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="630"/);
  });

  test('a long title wraps to at most three lines and shrinks, never overflowing', () => {
    const long = cardSvg({ ...text, title: 'An extraordinarily long page title that keeps on going well past any reasonable length for a card' }, '#000000');
    const lines = [...long.matchAll(/font-weight="800" font-size="(\d+)"[^>]*>([^<]*)</g)].slice(1);
    expect(lines.length).toBeLessThanOrEqual(3);
    for (const [, size, line] of lines) expect(textWidth(line!, 800, Number(size))).toBeLessThanOrEqual(1040);
  });

  test('slugs name cards by canonical path', () => {
    expect(cardSlug('/')).toBe('home');
    expect(cardSlug('/agency/payment')).toBe('agency-payment');
    expect(cardSlug('/course/7')).toBe('course-7');
  });
});

describe('wrapping', () => {
  test('a width adds up the advances of each character, counting a character beyond the table as a wide glyph once, surrogate pairs included', () => {
    const wide = textWidth('\u2026', 400, 1000); // one glyph the table does not have
    expect(wide).toBe(1060);
    expect(textWidth('Hi', 800, 10)).toBeCloseTo(((749 + 283) / 1000) * 10, 10);
    expect(textWidth('A\u{1F680}B', 400, 1000)).toBe(textWidth('A', 400, 1000) + wide + textWidth('B', 400, 1000));
    // A lone surrogate, at the end or in the middle, is one unknown glyph too.
    expect(textWidth('A\ud83d', 400, 1000)).toBe(textWidth('A', 400, 1000) + wide);
    expect(textWidth('\ude80A\ud83d\ud83d', 400, 1000)).toBe(3 * wide + textWidth('A', 400, 1000));
    expect(textWidth('\tA', 400, 1000)).toBe(wide + textWidth('A', 400, 1000));
  });


  test('greedy lines within the width; null when the text needs more lines; an ellipsis when asked', () => {
    expect(wrapText('one two three', { weight: 400, size: 10, maxWidth: 1000, maxLines: 1 })).toEqual(['one two three']);
    expect(wrapText('one two three', { weight: 400, size: 100, maxWidth: 400, maxLines: 3 })).toEqual(['one two', 'three']);
    expect(wrapText('one two three four five six', { weight: 400, size: 100, maxWidth: 400, maxLines: 2 })).toBeNull();
    const cut = wrapText('one two three four five six', { weight: 400, size: 100, maxWidth: 400, maxLines: 2, ellipsis: true })!;
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
  });
});

describe('PNG rendering and its cache', () => {
  const svg = cardSvg(text, '#7c3aed');

  test('a 1200×630 PNG; the second render of the same SVG comes from the cache, keyed by content', async () => {
    const cache = path.join(dir, 'cache');
    const first = await renderPng({ svg, width: 1200, cacheDir: cache });
    expect(pngSize(first)).toEqual({ width: 1200, height: 630 });
    const [entry] = readdirSync(cache);
    expect(entry).toMatch(/^[0-9a-f]{64}\.png$/);
    // Replace the cached file with another valid PNG: a cache hit returns it as stored.
    const other = await renderPng({ svg: cardSvg({ ...text, title: 'Other' }, '#7c3aed'), width: 1200, cacheDir: null });
    writeFileSync(path.join(cache, entry!), other);
    const again = await renderPng({ svg, width: 1200, cacheDir: cache });
    expect(Buffer.compare(Buffer.from(again), Buffer.from(other))).toBe(0);
    // A changed SVG is a new entry.
    await renderPng({ svg: svg.replace('#7c3aed', '#000000'), width: 1200, cacheDir: cache });
    expect(readdirSync(cache)).toHaveLength(2);
  });

  test('a batch of cards asked for at once renders a few at a time (each render holds its SVG and fonts until done), all complete and distinct', async () => {
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, rendersRunning())), 1);
    const svgs = Array.from({ length: 12 }, (_, index) => cardSvg({ ...text, title: `Card ${index}` }, '#7c3aed'));
    const pngs = await Promise.all(svgs.map((one) => renderPng({ svg: one, width: 300, cacheDir: null })));
    clearInterval(sampler);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(RENDER_SLOTS);
    expect(rendersRunning()).toBe(0);
    expect(new Set(pngs.map((png) => Buffer.from(png).toString('base64'))).size).toBe(12);
  });

  test('the cache keeps what builds use: a hit marks an old entry used; entries unused for 30 days are pruned, at most once a day', async () => {
    const cache = path.join(dir, 'cache-prune');
    await renderPngCached({ svg, width: 300, cacheDir: cache });
    const [used] = readdirSync(cache);
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    utimesSync(path.join(cache, used!), old, old);
    writeFileSync(path.join(cache, `${'f'.repeat(64)}.png`), 'stale');
    utimesSync(path.join(cache, `${'f'.repeat(64)}.png`), old, old);
    // A build uses the first entry (a cache hit): it is marked used, so pruning keeps it.
    expect((await renderPngCached({ svg, width: 300, cacheDir: cache })).cachedFile).toBe(path.join(cache, used!));
    expect(await pruneCache(cache)).toBe(1);
    expect(readdirSync(cache).filter((name) => name.endsWith('.png'))).toEqual([used]);
    // Once a day: a second prune the same day does nothing, the next day it runs again.
    writeFileSync(path.join(cache, `${'e'.repeat(64)}.png`), 'stale');
    utimesSync(path.join(cache, `${'e'.repeat(64)}.png`), old, old);
    expect(await pruneCache(cache)).toBe(0);
    expect(await pruneCache(cache, Date.now() + 25 * 3600 * 1000)).toBe(1);
  });

  test('a truncated cache entry (a build killed mid-write) is rendered again', async () => {
    const cache = path.join(dir, 'cache-broken');
    const good = await renderPng({ svg, width: 600, cacheDir: cache });
    const [entry] = readdirSync(cache);
    writeFileSync(path.join(cache, entry!), good.subarray(0, 100));
    const again = await renderPng({ svg, width: 600, cacheDir: cache });
    expect(Buffer.compare(Buffer.from(again), Buffer.from(good))).toBe(0);
    expect(readFileSync(path.join(cache, entry!)).length).toBe(good.length);
  });

  test('rendering is deterministic without a cache', async () => {
    const a = await renderPng({ svg, width: 300, cacheDir: null });
    const b = await renderPng({ svg, width: 300, cacheDir: null });
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
  });
});
