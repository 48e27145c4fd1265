import type { SiteData } from './content/derive.ts';
import type { RouteRecord } from './routes.ts';
import type { ClientAssets } from './bundle.ts';
import { escapeHtml, fillTemplate } from './html.ts';
import { renderRoute } from '../site/entry-server.tsx';
import { courseIds } from '../site/course-index.ts';
import { matchPage, type PageKey } from '../site/routes.ts';

/** One file of the site, ready to write: a path under out/ and its bytes. */
export interface OutputFile {
  file: string;
  contents: string | Uint8Array;
  /** Take this file's bytes instead (a cached social card, linked or copied); `contents` is then empty. */
  copyFrom?: string;
}

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
 * Renders each route's React tree to the HTML inside #root: the slow part of rendering, and
 * the part that needs no assets (`site dev` runs it while esbuild bundles the client).
 */
export function renderRoots(options: { data: SiteData; routes: readonly RouteRecord[] }): Map<string, string> {
  return new Map(options.routes.map((route) => [route.path, renderRoute(options.data, route.path)]));
}

/**
 * Renders every route to a complete HTML document. Pure: no disk, no clock, so two runs
 * over the same input give the same bytes. `roots` may hold trees already rendered by
 * `renderRoots` for the same data.
 */
export function renderPages(options: {
  data: SiteData;
  routes: readonly RouteRecord[];
  template: string;
  assets: ClientAssets;
  headExtra?: (route: RouteRecord) => readonly string[];
  roots?: ReadonlyMap<string, string>;
  /** Takes each page as it is rendered; what it returns stands for the page. */
  finishPage?: (page: OutputFile) => OutputFile;
}): OutputFile[] {
  const { data, routes, template, assets } = options;
  const ids = courseIds(data.courseIndex);
  return routes.map((route) => {
    const match = matchPage(route.path, ids);
    const contents = fillTemplate(template, {
      lang: escapeHtml(data.site.language),
      title: escapeHtml(route.title),
      description: escapeHtml(route.description),
      canonical: escapeHtml(`${data.site.url}${route.canonical}`),
      themeColor: escapeHtml(data.site.themeColor),
      head: headFor(assets, match.page, options.headExtra?.(route) ?? []),
      page: `${match.page}:${match.found}`,
      root: options.roots?.get(route.path) ?? renderRoute(data, route.path),
    });
    const page = { file: route.file, contents };
    return options.finishPage ? options.finishPage(page) : page;
  });
}
