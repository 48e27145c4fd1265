import { ICON_PATHS } from '../../site/model/icons.ts';
import { usesAgencyBrand } from '../../site/model/routes.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { escapeHtml } from '../html.ts';
import { CARD_FONT_FAMILY } from './image-library.ts';
import { pngKey, renderPngCached } from './png.ts';
import type { OutputFile } from '../output-file.ts';
import type { RouteRecord } from '../content/collect-routes.ts';
import { wrapText, type CardFontWeight } from './text-metrics.ts';

/** The size Open Graph and Twitter's large card expect. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const MARGIN = 80;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
const TITLE_SIZES = [84, 76, 68, 60, 52];

/** What a card shows. */
export interface CardText {
  /** The page's own title, without the brand suffix. */
  title: string;
  /** The community's or the agency's name. */
  brand: string;
  description: string;
  /** The site's host, printed at the bottom: where the link goes. */
  host: string;
}

/** The card image of a page: its root-relative URL (with a version query), and the text for og:image:alt. */
export interface CardImage {
  path: string;
  alt: string;
}

/** The slug of a canonical path: "/" is "home", "/agency/payment" is "agency-payment". */
export function cardSlug(canonical: string): string {
  return canonical === '/' ? 'home' : canonical.slice(1).replace(/\//g, '-');
}

/** The brand a page belongs to: the agency's for agency pages, the community's elsewhere. */
export function brandOf(data: SiteData, route: RouteRecord): string {
  return usesAgencyBrand(route.page) ? data.agency.name : data.site.name;
}

/** The card text of a route: its title before the first " | ", its brand and description. */
export function cardTextFor(data: SiteData, route: RouteRecord): CardText {
  return {
    title: route.title.split(' | ')[0] ?? route.title,
    brand: brandOf(data, route),
    description: route.description,
    host: new URL(data.site.url).host,
  };
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
 * The card as SVG: the brand mark and name at the top, the title large (wrapped to at
 * most three lines, shrinking until it fits), the description below, the host at the
 * bottom, on a dark ground with the theme colour as accent.
 */
export function cardSvg(text: CardText, themeColor: string): string {
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
    textLines([text.brand], { x: MARGIN + 100, y: 123, size: 34, weight: 800, lineHeight: 0, fill: '#ffffff' }),
    textLines(title, { x: MARGIN, y: titleTop, size, weight: 800, lineHeight: titleLineHeight, fill: '#ffffff' }),
    textLines(description, { x: MARGIN, y: descriptionTop, size: descriptionSize, weight: 400, lineHeight: descriptionLineHeight, fill: '#d9d0f0' }),
    textLines([text.host], { x: MARGIN, y: 574, size: 26, weight: 400, lineHeight: 0, fill: '#b7a9dd' }),
    `<rect y="${CARD_HEIGHT - 14}" width="${CARD_WIDTH}" height="14" fill="${accent}"/>`,
    '</svg>',
  ].join('');
}

/** A card's URL and alt text, from its image key (the version in the URL). */
function cardImage(canonical: string, text: CardText, key: string): CardImage {
  return { path: `/social/${cardSlug(canonical)}.png?v=${key.slice(0, 10)}`, alt: `${text.title}: ${text.brand}` };
}

/**
 * Renders one 1200×630 PNG per canonical page into social/<slug>.png. Aliases (/home)
 * share their canonical page's card; pages that are never shared (404) have none and
 * fall back to the home card (`home`: the route of "/"), whichever batch they come in.
 * Unchanged cards come from the cache.
 */
export async function renderSocialCards(options: {
  data: SiteData;
  routes: readonly RouteRecord[];
  home: RouteRecord;
  cacheDir: string | null;
}): Promise<{ files: OutputFile[]; cardFor: (route: RouteRecord) => CardImage }> {
  const { data, routes, cacheDir } = options;
  const byCanonical = new Map<string, RouteRecord>();
  for (const route of routes) if (route.canonical === route.path && route.file.endsWith('index.html') && !byCanonical.has(route.canonical)) byCanonical.set(route.canonical, route);
  const cards = [...byCanonical.values()].map((route) => ({ route, text: cardTextFor(data, route), path: `/social/${cardSlug(route.canonical)}.png` }));
  const rendered = await Promise.all(cards.map((card) => renderPngCached({ svg: cardSvg(card.text, data.site.themeColor), width: CARD_WIDTH, cacheDir })));
  // A cached card is copied into out/ by the writer, never read into memory.
  const files: OutputFile[] = cards.map((card, index) => {
    const { bytes, cachedFile } = rendered[index]!;
    return cachedFile ? { file: card.path.slice(1), contents: '', copyFrom: cachedFile } : { file: card.path.slice(1), contents: bytes! };
  });
  // The URL carries the image's key (a hash of everything that decides its pixels), so a
  // changed card gets a new URL and /social/* can be cached as immutable (chat apps also
  // cache previews by URL).
  const images = new Map(cards.map((card, index) => [card.route.canonical, cardImage(card.route.canonical, card.text, rendered[index]!.key)]));
  let fallback = images.get('/');
  const homeCard = () => {
    // Not in this batch: the home card's URL follows from its key, without rendering it.
    if (!fallback) {
      const text = cardTextFor(data, options.home);
      fallback = cardImage('/', text, pngKey(cardSvg(text, data.site.themeColor), CARD_WIDTH));
    }
    return fallback;
  };
  return { files, cardFor: (route) => images.get(route.canonical) ?? homeCard() };
}
