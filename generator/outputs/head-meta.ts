import type { SiteData } from '../../site/model/site-data.ts';
import { escapeHtml } from '../html.ts';
import type { RouteRecord } from '../content/collect-routes.ts';
import { brandOf, CARD_HEIGHT, CARD_WIDTH, type CardImage } from './social-cards.ts';
import { structuredDataScript } from './structured-data.ts';
import { ICON_FILES, MANIFEST_FILE } from './app-icons.ts';

/**
 * The <head> lines a page adds beyond the template's title, description, canonical,
 * theme colour and SVG favicon: icons, manifest, Open Graph, Twitter card, robots and
 * JSON-LD. Every value is escaped here; the result goes into renderPages' `headExtra`.
 */
export function headMetaFor(options: { data: SiteData; route: RouteRecord; card: CardImage; noindex: boolean }): string[] {
  const { data, route, card } = options;
  const url = `${data.site.url}${route.canonical}`;
  const image = `${data.site.url}${card.path}`;
  const attr = escapeHtml;
  const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${attr(content)}">`;
  const lines = [
    `<link rel="icon" href="${ICON_FILES.png32}" type="image/png" sizes="32x32">`,
    `<link rel="apple-touch-icon" href="${ICON_FILES.appleTouch}">`,
    `<link rel="manifest" href="/${MANIFEST_FILE}">`,
    ...(options.noindex ? ['<meta name="robots" content="noindex">'] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', brandOf(data, route)),
    meta('property', 'og:title', route.title),
    meta('property', 'og:description', route.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(CARD_WIDTH)),
    meta('property', 'og:image:height', String(CARD_HEIGHT)),
    meta('property', 'og:image:alt', card.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', route.title),
    meta('name', 'twitter:description', route.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', card.alt),
  ];
  const jsonLd = structuredDataScript(data, route);
  if (jsonLd) lines.push(jsonLd);
  return lines;
}
