import type { SiteData } from '../../site/model/site-data.ts';
import { courseGroupForPath } from '../../site/model/course-index.ts';
import { headMetaFor } from '../outputs/head-meta.ts';
import { renderSocialCards } from '../outputs/social-cards.ts';
import type { ClientAssets } from './bundle-client.ts';
import type { RouteRecord } from '../content/collect-routes.ts';
import { scanHtml, type ScannedPage } from './html-scan.ts';
import { measurePages, type Budgets, type PageSize, type Size } from './page-sizes.ts';
import type { OutputFile } from '../output-file.ts';
import { renderPages } from './render-pages.ts';
import type { SiteServer } from './site-server.ts';

/** Pages rendered between two turns of the event loop, so the last batch's writes go on meanwhile. */
const PAGES_PER_TURN = 8;

/** Everything a batch of pages needs, the same for every batch (sent once to each worker). */
export interface BatchContext {
  data: SiteData;
  template: string;
  /** The client assets; only the stylesheets' `files` are needed (to size first visits). */
  assets: ClientAssets;
  cacheDir: string | null;
  upTo?: Budgets;
  /** Each course group's size (data/courses/{n}.json, index n - 1): a course page's script loads its group. */
  groupSizes: Size[];
  /** The route of "/": its card is the one pages without their own (404) show. */
  home: RouteRecord;
}

/** One batch, rendered: its pages (as UTF-8 bytes) and cards, each page's first-visit size and scan. */
export interface BatchResult {
  pages: OutputFile[];
  cards: OutputFile[];
  measured: PageSize[];
  scanned: Map<string, ScannedPage>;
  /** Time spent per stage on this batch, in ms. */
  ms: { cards: number; render: number; check: number };
}

/**
 * Social cards, HTML and sizes for a batch of routes: the per-page work of a build, pure
 * but for the card cache, so it runs the same in the build's own thread or in a worker.
 */
export async function renderBatch(context: BatchContext, server: SiteServer, routes: readonly RouteRecord[]): Promise<BatchResult> {
  const { data, template, assets, cacheDir, upTo, groupSizes, home } = context;
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };
  const cards = await renderSocialCards({ data, routes, home, cacheDir });
  const cardsMs = lap();
  // noindex only for the not-found pages. /login and /coming-soon stay out of the sitemap
  // but indexable: search engines may show them, and audits expect them crawlable.
  const headExtra = (route: RouteRecord) => headMetaFor({ data, route, card: cards.cardFor(route), noindex: route.file.endsWith('404.html') });
  // Each page is scanned (for its size and the output check) and encoded as it is
  // rendered: the batch then holds bytes, not React's strings.
  const scanned = new Map<string, ScannedPage>();
  const pages: OutputFile[] = [];
  for (let start = 0; start < routes.length; start += PAGES_PER_TURN) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const page of renderPages({ server, data, routes: routes.slice(start, start + PAGES_PER_TURN), template, assets, headExtra })) {
      const html = page.contents as string;
      scanned.set(page.file, scanHtml(html));
      pages.push({ file: page.file, contents: Buffer.from(html, 'utf8') });
    }
  }
  const renderMs = lap();
  // A first visit's scripts, and the course group a course page or list page loads with them.
  const routeOf = new Map(routes.map((route) => [route.file, route]));
  const jsFor = (file: string) => {
    const route = routeOf.get(file);
    const visit = route ? assets.firstVisit[route.page] : undefined;
    if (!route || !visit) return undefined;
    const group = courseGroupForPath(data.courseIndex, route.path);
    const loads = groupSizes[group - 1] ?? { raw: 0, brotli: 0 };
    return { raw: visit.jsRaw + loads.raw, brotli: visit.jsBrotli + loads.brotli };
  };
  const styles = assets.files.filter((file) => file.file.endsWith('.css'));
  const measured = await measurePages({ files: [...pages, ...styles], jsFor, upTo, scanned });
  return { pages, cards: cards.files, measured, scanned, ms: { cards: cardsMs, render: renderMs, check: lap() } };
}
