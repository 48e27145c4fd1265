import type { SiteData } from '../../site/model/site-data.ts';
import { courseIds } from '../../site/model/course-index.ts';
import { matchPage, type PageKey } from '../../site/model/routes.ts';
import { escapeHtml, fillTemplate } from '../html.ts';
import type { ClientAssets } from './bundle-client.ts';
import type { RouteRecord } from '../content/collect-routes.ts';
import type { SiteServer } from './site-server.ts';
import type { OutputFile } from '../output-file.ts';


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

/**
 * Renders routes to complete HTML documents: the React tree inside #root (`server`, the
 * compiled site/), in the document template with the page's head. Pure: no disk, no clock,
 * so two runs over the same input give the same bytes.
 */
export function renderPages(options: {
  server: SiteServer;
  data: SiteData;
  routes: readonly RouteRecord[];
  template: string;
  assets: ClientAssets;
  headExtra?: (route: RouteRecord) => readonly string[];
}): OutputFile[] {
  const { server, data, template, assets } = options;
  const ids = courseIds(data.courseIndex);
  return options.routes.map((route) => {
    const match = matchPage(route.path, ids);
    const contents = fillTemplate(template, {
      lang: escapeHtml(data.site.language),
      title: escapeHtml(route.title),
      description: escapeHtml(route.description),
      canonical: escapeHtml(`${data.site.url}${route.canonical}`),
      themeColor: escapeHtml(data.site.themeColor),
      head: headFor(assets, match.page, options.headExtra?.(route) ?? []),
      page: `${match.page}:${match.found}`,
      root: server.renderRoute(data, route.path),
    });
    return { file: route.file, contents };
  });
}
