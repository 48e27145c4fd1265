import { ICON_PATHS } from '../../site/model/icons.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { escapeHtml } from '../render/html.ts';
import type { ImageFiles } from '../cache/image-files.ts';
import { drawPng, type DrawnPng } from '../cards/png.ts';

/** Icon files every page links to, beside favicon.svg. */
export const ICON_FILES = {
  png32: '/favicon-32.png',
  appleTouch: '/apple-touch-icon.png',
  icon192: '/icon-192.png',
  icon512: '/icon-512.png',
  maskable512: '/icon-maskable-512.png',
} as const;

export const MANIFEST_FILE = 'site.webmanifest';

/**
 * The brand's rocket on the theme colour, as SVG on a 32-unit grid. `rounded` gives the
 * favicon's rounded square; without it the colour fills the square (Apple rounds the
 * touch icon itself). `inset` shrinks the rocket toward the centre (maskable icons keep
 * their content inside the middle 80%).
 */
export function brandIconSvg(themeColor: string, options: { rounded: boolean; inset?: number }): string {
  const scale = 1 - (options.inset ?? 0);
  const size = 24 * scale;
  const offset = (32 - size) / 2;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">',
    `<rect width="32" height="32"${options.rounded ? ' rx="8"' : ''} fill="${escapeHtml(themeColor)}"/>`,
    `<g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${ICON_PATHS.rocket}"/></g>`,
    '</svg>',
  ].join('');
}

/** The web app manifest: name, icons and colours for "add to home screen". */
export function webManifest(data: SiteData): string {
  const manifest = {
    name: data.site.name,
    short_name: data.site.shortName ?? data.site.name,
    description: data.site.tagline,
    lang: data.site.language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: data.site.themeColor,
    background_color: data.site.backgroundColor ?? '#ffffff',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: ICON_FILES.icon192, sizes: '192x192', type: 'image/png' },
      { src: ICON_FILES.icon512, sizes: '512x512', type: 'image/png' },
      { src: ICON_FILES.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The PNG icons, drawn from the SVG favicon into the images folder (once), each with where it goes under out/. */
export async function drawAppIcons(options: { data: SiteData; images: ImageFiles }): Promise<{ file: string; png: DrawnPng; again: () => Promise<DrawnPng> }[]> {
  const { data, images } = options;
  const color = data.site.themeColor;
  const icons: [string, number, string][] = [
    [ICON_FILES.png32, 32, brandIconSvg(color, { rounded: true })],
    [ICON_FILES.appleTouch, 180, brandIconSvg(color, { rounded: false, inset: 0.2 })],
    [ICON_FILES.icon192, 192, brandIconSvg(color, { rounded: true })],
    [ICON_FILES.icon512, 512, brandIconSvg(color, { rounded: true })],
    [ICON_FILES.maskable512, 512, brandIconSvg(color, { rounded: false, inset: 0.3 })],
  ];
  return Promise.all(icons.map(async ([file, width, svg]) => ({ file: file.slice(1), png: await drawPng({ svg, width, images }), again: () => drawPng({ svg, width, images, again: true }) })));
}
