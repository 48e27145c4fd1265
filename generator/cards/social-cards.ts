import { ICON_PATHS } from '../../site/model/icons.ts';
import { escapeHtml } from '../render/html.ts';
import { CARD_FONT_FAMILY } from '../images/image-library.ts';
import { cardFile, type CardInput, type CardText, type PageCard } from './page-cards.ts';
import type { ImageFiles } from '../cache/image-files.ts';
import { drawPng, pngKey, type DrawnPng } from './png.ts';
import { wrapText, type CardFontWeight } from './text-metrics.ts';

/* Social cards drawn: a page's card (page-cards.ts) as SVG, then PNG by sharp. */

/** The size Open Graph and Twitter's large card expect. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const MARGIN = 80;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
const TITLE_SIZES = [84, 76, 68, 60, 52];

/** The card image of a page: its root-relative URL (with a version query), and the text for og:image:alt. */
export interface CardImage {
  path: string;
  alt: string;
}

function textLines(lines: readonly string[], options: { x: number; y: number; size: number; weight: CardFontWeight; lineHeight: number; fill: string }): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${options.x}" y="${options.y + index * options.lineHeight}" font-family="${CARD_FONT_FAMILY}" font-weight="${options.weight}" font-size="${options.size}" fill="${options.fill}">${escapeHtml(line)}</text>`,
    )
    .join('');
}

/**
 * Text as the card's font can draw it. Inter has the Latin, Greek and Cyrillic alphabets
 * but no emoji and no other script, and a character it lacks would be drawn as a box with
 * its code in hex: such characters are left out of the card (with the joiners, variation
 * selectors and tags that make up emoji), and the spaces closed up. The page's own text
 * keeps them.
 */
export function drawableText(text: string): string {
  const drawable = text
    .replace(/[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\u{200D}\u{20E3}\u{FE0E}\u{FE0F}\u{E0020}-\u{E007F}]/gu, '')
    .replace(/[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/gu, '');
  if (drawable === text) return text;
  // A dash or colon that stood between the text and what was left out is left out too.
  return drawable.replace(/\s+/g, ' ').replace(/^[\s\p{Pd}:|]+|[\s\p{Pd}:|]+$/gu, '');
}

/**
 * A line of text that must fit on one line of the card: cut with "…" when too wide. Every
 * text the card draws is as short as the card is wide: the SVG renderer lays out a line
 * in time that grows faster than its length.
 */
function oneLine(text: string, options: { weight: CardFontWeight; size: number; maxWidth: number }): string[] {
  return wrapText(text, { ...options, maxLines: 1, ellipsis: true }) ?? [];
}

/**
 * The card as SVG: the brand mark and name at the top, the title large (wrapped to at
 * most three lines, shrinking until it fits), the description below, the host at the
 * bottom, on a dark ground with the theme colour as accent.
 */
export function cardSvg(card: CardText, themeColor: string): string {
  const brand = drawableText(card.brand);
  // A title of characters the font lacks alone: the brand stands in for it.
  const text = { ...card, title: drawableText(card.title) || brand, brand, description: drawableText(card.description) };
  let title: string[] | null = null;
  let size = TITLE_SIZES[TITLE_SIZES.length - 1]!;
  for (const candidate of TITLE_SIZES) {
    title = wrapText(text.title, { weight: 800, size: candidate, maxWidth: TEXT_WIDTH, maxLines: 3 });
    size = candidate;
    if (title) break;
  }
  title ??= wrapText(text.title, { weight: 800, size, maxWidth: TEXT_WIDTH, maxLines: 3, ellipsis: true })!;
  const titleLineHeight = Math.round(size * 1.12);
  // Title and description sit as one block, centred between the brand row and the host.
  const [top, bottom, gap, descriptionSize, descriptionLineHeight] = [250, 505, 76, 32, 44];
  const titleHeight = (title.length - 1) * titleLineHeight;
  const room = Math.min(3, Math.floor((bottom - top - titleHeight - gap) / descriptionLineHeight) + 1);
  const description = room > 0 ? (wrapText(text.description, { weight: 400, size: descriptionSize, maxWidth: TEXT_WIDTH, maxLines: room, ellipsis: true }) ?? []) : [];
  const blockHeight = titleHeight + (description.length > 0 ? gap + (description.length - 1) * descriptionLineHeight : 0);
  const titleTop = top + Math.floor((bottom - top - blockHeight) / 2);
  const descriptionTop = titleTop + titleHeight + gap;
  const accent = escapeHtml(themeColor);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    '<defs><linearGradient id="ground" x1="0" y1="0" x2="1" y2="1">',
    '<stop offset="0" stop-color="#0f0a1e"/><stop offset="1" stop-color="#241046"/>',
    '</linearGradient></defs>',
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#ground)"/>`,
    `<circle cx="1080" cy="90" r="260" fill="${accent}" opacity="0.22"/>`,
    `<rect x="${MARGIN}" y="72" width="76" height="76" rx="18" fill="${accent}"/>`,
    `<g transform="translate(${MARGIN + 14} 86) scale(2)" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${ICON_PATHS.rocket}"/></g>`,
    textLines(oneLine(text.brand, { weight: 800, size: 34, maxWidth: CARD_WIDTH - 2 * MARGIN - 100 }), { x: MARGIN + 100, y: 123, size: 34, weight: 800, lineHeight: 0, fill: '#ffffff' }),
    textLines(title, { x: MARGIN, y: titleTop, size, weight: 800, lineHeight: titleLineHeight, fill: '#ffffff' }),
    textLines(description, { x: MARGIN, y: descriptionTop, size: descriptionSize, weight: 400, lineHeight: descriptionLineHeight, fill: '#d9d0f0' }),
    textLines(oneLine(text.host, { weight: 400, size: 26, maxWidth: TEXT_WIDTH }), { x: MARGIN, y: 574, size: 26, weight: 400, lineHeight: 0, fill: '#b7a9dd' }),
    `<rect y="${CARD_HEIGHT - 14}" width="${CARD_WIDTH}" height="14" fill="${accent}"/>`,
    '</svg>',
  ].join('');
}

/** The key of a card's SVG: the same key, the same pixels. */
export function cardKey(svg: string): string {
  return pngKey(svg, CARD_WIDTH);
}

/**
 * A card's URL and alt text. The URL carries the image's key (a hash of everything that
 * decides its pixels: `key` when made already), so a changed card gets a new URL and
 * /social/* can be cached as immutable (chat apps also cache previews by URL).
 */
export function cardImageOf(card: PageCard, themeColor: string, key = cardKey(cardSvg(card.text, themeColor))): CardImage {
  return { path: `/${cardFile(card.canonical)}?v=${key.slice(0, 10)}`, alt: `${card.text.title}: ${card.text.brand}` };
}

/**
 * Draws a card's PNG into the images folder (taken from there when drawn before; `again`:
 * drawn anyway). Returns its key at once, and the PNG when it is there.
 */
export function drawCard(card: CardInput, images: ImageFiles, again = false): { key: string; png: Promise<DrawnPng> } {
  const svg = cardSvg(card.card.text, card.themeColor);
  const key = cardKey(svg);
  return { key, png: drawPng({ svg, width: CARD_WIDTH, images, key, again }) };
}
