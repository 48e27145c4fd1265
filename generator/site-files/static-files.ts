import { ICON_PATHS } from '../../site/model/icons.ts';
import { ICON_SPRITE } from '../../site/model/icon-sprite.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { escapeHtml } from '../render/html.ts';
import type { OutputFile } from '../output/output-file.ts';
import { bookCoverFiles } from './book-covers.ts';

/** The favicon: the brand's rocket on the theme colour, as SVG. */
export function faviconSvg(data: SiteData): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">',
    `<rect width="32" height="32" rx="8" fill="${escapeHtml(data.site.themeColor)}"/>`,
    `<g transform="translate(4 4)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${ICON_PATHS.rocket}"/></g>`,
    '</svg>',
  ].join('');
}

/** The icon set as one SVG file of symbols, which every icon on the site uses by id (components/ui/icon.tsx). */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_PATHS).map(([name, path]) => `<symbol id="${name}" viewBox="0 0 24 24"><path d="${path}"/></symbol>`);
  return ['<svg xmlns="http://www.w3.org/2000/svg">', ...symbols, '</svg>', ''].join('\n');
}

/** The pictures every site has beside its pages: the favicon, the icon set, the store's drawn covers. */
export function staticFiles(options: { data: SiteData }): OutputFile[] {
  return [
    { file: 'favicon.svg', contents: faviconSvg(options.data) },
    { file: ICON_SPRITE.slice(1), contents: iconSprite() },
    ...bookCoverFiles(options.data.books, options.data.site.name),
  ];
}
