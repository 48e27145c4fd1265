import type { ImageView } from '../../site/model/images.ts';
import type { LayoutData } from '../../site/model/page-data.ts';
import type { RouteRecord } from '../plan/routes.ts';
import { escapeHtml, jsonForScript } from './html.ts';
import { ICON_FILES, MANIFEST_FILE } from '../site-files/app-icons.ts';
import type { PageCard } from '../cards/page-cards.ts';
import { CARD_HEIGHT, CARD_WIDTH, cardImageOf } from '../cards/social-cards.ts';

/** What a page's head says beyond the document template's fields: its brand, card and structured data. */
export interface HeadInput {
  /** The community's or the agency's name (og:site_name). */
  brand: string;
  /** The card the page shows (its own, or the home card). */
  card: PageCard;
  /** The social image from content.yaml that replaces the card, if any. */
  photo?: ImageView;
  noindex: boolean;
}

/**
 * The <head> lines a page adds beyond the template's title, description, canonical,
 * theme colour and SVG favicon: icons, manifest, Open Graph, Twitter card, robots and
 * the page's structured data (`jsonLd`, if any) as JSON-LD. `cardKey` is the key of the
 * card the page shows, when made already. Every value is escaped here.
 */
export function headMetaFor(head: HeadInput, route: RouteRecord, site: LayoutData['site'], extra: { jsonLd?: unknown; cardKey?: string } = {}): string[] {
  const url = `${site.url}${route.canonical}`;
  const drawn = cardImageOf(head.card, site.themeColor, extra.cardKey);
  // A decorative social image says nothing of its own: the card's words stand in.
  const card = head.photo
    ? { path: head.photo.src, alt: head.photo.alt || drawn.alt, type: 'image/jpeg', width: head.photo.width, height: head.photo.height }
    : { ...drawn, type: 'image/png', width: CARD_WIDTH, height: CARD_HEIGHT };
  const image = `${site.url}${card.path}`;
  const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escapeHtml(content)}">`;
  const lines = [
    `<link rel="icon" href="${ICON_FILES.png32}" type="image/png" sizes="32x32">`,
    `<link rel="apple-touch-icon" href="${ICON_FILES.appleTouch}">`,
    `<link rel="manifest" href="/${MANIFEST_FILE}">`,
    ...(head.noindex ? ['<meta name="robots" content="noindex">'] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', head.brand),
    meta('property', 'og:title', route.title),
    meta('property', 'og:description', route.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', card.type),
    meta('property', 'og:image:width', String(card.width)),
    meta('property', 'og:image:height', String(card.height)),
    meta('property', 'og:image:alt', card.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', route.title),
    meta('name', 'twitter:description', route.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', card.alt),
  ];
  // JSON-LD is a data block: browsers never execute it, so the CSP's script-src does not apply.
  if (extra.jsonLd) lines.push(`<script type="application/ld+json">${jsonForScript(extra.jsonLd)}</script>`);
  return lines;
}
