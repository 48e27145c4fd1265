import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { openImageFiles } from '../../../generator/cache/image-files.ts';
import { CARD_FONT_FILES, fontConfigFile, RENDER_SLOTS, rendersRunning } from '../../../generator/images/image-library.ts';
import { drawPng, type DrawnPng } from '../../../generator/cards/png.ts';
import { cardSlug } from '../../../generator/cards/page-cards.ts';
import { cardSvg } from '../../../generator/cards/social-cards.ts';
import { textWidth, wrapText } from '../../../generator/cards/text-metrics.ts';
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

  test('characters the card font lacks (emoji, other scripts) are left out of the card, never drawn as boxes; a title of them alone gives way to the brand', () => {
    const svg = cardSvg({ ...text, title: '🚀 Launch 👩🏽‍💻 Week 🇺🇸 — Ünïcødé Ελληνικά Кириллица — 日本語', description: 'Read this ✨ now 1️⃣' }, '#7c3aed');
    const drawn = [...svg.matchAll(/>([^<]*)<\/text>/g)].map((match) => match[1]).join(' ');
    // The title's lines follow the brand's; the dash before what was left out goes with it.
    expect(drawn).toContain('Hustler Analytics Launch Week — Ünïcødé Ελληνικά Кириллица Read this');
    expect(drawn).toContain('Read this now 1');
    expect(drawn).not.toMatch(/[\p{Extended_Pictographic}\p{Regional_Indicator}\u{FE0F}\u{200D}\u{20E3}]|日本語/u);
    const blank = cardSvg({ ...text, title: '日本語 🚀' }, '#7c3aed');
    expect([...blank.matchAll(/font-weight="800" font-size="\d+"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(['Hustler Analytics', 'Hustler Analytics']);
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

describe('drawing a card to PNG, kept in the images folder', () => {
  const svg = cardSvg(text, '#7c3aed');
  const bytes = (png: DrawnPng) => readFileSync(png.path);

  test('a 1200×630 PNG named by its key and the hash of its bytes; the same SVG again is found, not drawn', async () => {
    const images = openImageFiles(path.join(dir, 'images'));
    const first = await drawPng({ svg, width: 1200, images });
    expect(first.drawn).toBe(true);
    expect(pngSize(bytes(first))).toEqual({ width: 1200, height: 630 });
    expect(first.id).toBe(`${first.key}.${createHash('sha1').update(bytes(first)).digest('hex')}.png`);
    const again = await drawPng({ svg, width: 1200, images: openImageFiles(path.join(dir, 'images')) });
    expect(again).toEqual({ ...first, drawn: false });
    // A changed SVG is another file; drawn `again`, the same SVG replaces its file.
    const other = await drawPng({ svg: svg.replace('#7c3aed', '#000000'), width: 1200, images });
    expect(other.key).not.toBe(first.key);
    expect((await drawPng({ svg, width: 1200, images, again: true })).drawn).toBe(true);
    expect(readdirSync(path.join(dir, 'images'), { recursive: true }).filter((name) => String(name).endsWith('.png'))).toHaveLength(2);
  });

  test('a batch of cards asked for at once renders a few at a time (each render holds its SVG and fonts until done), all complete and distinct', async () => {
    const images = openImageFiles(path.join(dir, 'images-batch'));
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, rendersRunning())), 1);
    const svgs = Array.from({ length: 12 }, (_, index) => cardSvg({ ...text, title: `Card ${index}` }, '#7c3aed'));
    const pngs = await Promise.all(svgs.map((one) => drawPng({ svg: one, width: 300, images })));
    clearInterval(sampler);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(RENDER_SLOTS);
    expect(rendersRunning()).toBe(0);
    expect(new Set(pngs.map((png) => bytes(png).toString('base64'))).size).toBe(12);
  });

  test('drawing is deterministic: the same SVG drawn in two folders gives the same bytes', async () => {
    const a = await drawPng({ svg, width: 300, images: openImageFiles(path.join(dir, 'images-a')) });
    const b = await drawPng({ svg, width: 300, images: openImageFiles(path.join(dir, 'images-b')) });
    expect(bytes(a).equals(bytes(b))).toBe(true);
    expect(a.id).toBe(b.id);
  });

  test('the fonts are the card fonts alone, from a configuration checked before each use: one changed by hand is written again, never read', () => {
    const folder = path.join(dir, 'fontconfig');
    const file = fontConfigFile(folder);
    const good = readFileSync(file, 'utf8');
    expect([...good.matchAll(/<dir>([^<]*)<\/dir>/g)].map((match) => match[1]).sort()).toEqual(CARD_FONT_FILES.map((font) => path.dirname(font)).sort());
    // Nothing of fontconfig's own is kept: it reads the two font files each time.
    expect(good).not.toContain('<cachedir>');
    const damages: [string, () => void][] = [
      ['its fonts pointed elsewhere', () => writeFileSync(file, good.replace(/<dir>[^<]*<\/dir>/g, '<dir>/usr/share/fonts</dir>'))],
      ['emptied', () => writeFileSync(file, '')],
      ['a folder where it goes', () => (rmSync(file), mkdirSync(file))],
      ['its folder a file', () => (rmSync(folder, { recursive: true }), writeFileSync(folder, 'not a folder'))],
    ];
    for (const [damage, doIt] of damages) {
      doIt();
      expect(fontConfigFile(folder), damage).toBe(file);
      expect(readFileSync(file, 'utf8'), damage).toBe(good);
    }
    // What an older version kept there goes once the file is written again.
    writeFileSync(path.join(folder, 'fonts-older.conf'), good);
    mkdirSync(path.join(folder, 'cache'));
    writeFileSync(file, '');
    fontConfigFile(folder);
    expect(readdirSync(folder)).toEqual([path.basename(file)]);
  });
});
