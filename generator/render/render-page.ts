import type { DocumentData, RouteData } from '../../site/model/page-data.ts';
import type { PageKey } from '../../site/model/routes.ts';
import type { RouteRecord } from '../plan/routes.ts';
import { escapeHtml, fillTemplate, jsonForScript } from './html.ts';
import type { ClientAssets } from '../client/bundle.ts';
import type { SiteServer } from './site-server.ts';

/** The extra <head> lines every page shares: styles, scripts, icons, manifest. */
export function headFor(assets: ClientAssets, page: PageKey, extra: readonly string[] = []): string {
  const lines = [
    ...assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<noscript><link rel="stylesheet" href="${escapeHtml(assets.noscriptCss)}"></noscript>`,
    ...[...assets.modulePreload, ...assets.pagePreload[page]].map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    `<script type="module" src="${escapeHtml(assets.entry)}"></script>`,
    ...extra,
  ];
  return lines.map((line) => `    ${line}`).join('\n');
}

/** The file of a route's data, beside its page: about/index.json; none for the not-found pages, which no link leads to. */
export function routeDataFile(route: RouteRecord): string | null {
  return route.file.endsWith('index.html') ? route.file.replace(/index\.html$/, 'index.json') : null;
}

/** A route's data as the browser fetches it when it navigates there. */
export function routeDataJson(data: RouteData): string {
  return JSON.stringify(data);
}

/**
 * Renders one page to a complete HTML document: the React tree of its data inside #root
 * (`server`, the compiled site/), the data itself in a JSON block the browser hydrates from,
 * and the page's head in the document template. Pure: no disk, no clock, so the same input
 * gives the same bytes.
 */
export function renderPage(options: {
  server: SiteServer;
  route: RouteRecord;
  document: DocumentData;
  template: string;
  assets: ClientAssets;
  /** The site's language, origin and theme colour, for the template. */
  site: { language: string; url: string; themeColor: string };
  /** The page's own head lines: icons, social previews, structured data. */
  head: readonly string[];
}): string {
  const { route, site } = options;
  return fillTemplate(options.template, {
    lang: escapeHtml(site.language),
    title: escapeHtml(route.title),
    description: escapeHtml(route.description),
    canonical: escapeHtml(`${site.url}${route.canonical}`),
    themeColor: escapeHtml(site.themeColor),
    head: headFor(options.assets, options.document.route.page.kind, options.head),
    root: options.server.renderRoute(route.path, options.document),
    // A data block: never executed, so the Content-Security-Policy needs no hash for it.
    data: jsonForScript(options.document),
  });
}
