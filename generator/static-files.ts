import { ICON_PATHS } from '../site/components/ui/icon-paths.ts';
import type { SiteData } from './content/derive.ts';
import { escapeHtml } from './html.ts';
import type { OutputFile } from './render.ts';

/** The favicon: the brand's rocket on the theme colour, as SVG. */
export function faviconSvg(data: SiteData): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">',
    `<rect width="32" height="32" rx="8" fill="${escapeHtml(data.site.themeColor)}"/>`,
    `<g transform="translate(4 4)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${ICON_PATHS.rocket}"/></g>`,
    '</svg>',
  ].join('');
}

/** Files every site has beside its pages. */
export function staticFiles(options: { data: SiteData }): OutputFile[] {
  return [{ file: 'favicon.svg', contents: faviconSvg(options.data) }];
}
