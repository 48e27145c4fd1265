import type { SiteData } from '../../site/model/site-data.ts';
import { courseGroupForPath } from '../../site/model/course-index.ts';
import { headMetaFor } from '../outputs/head-meta.ts';
import { renderSocialCards } from '../outputs/social-cards.ts';
import type { RouteRecord } from '../content/collect-routes.ts';
import type { OutputFile } from '../output-file.ts';
import type { ClientAssets } from './bundle-client.ts';
import { scanHtml, type ScannedPage } from './html-scan.ts';
import { measurePages, type Budgets, type PageSize, type Size } from './page-sizes.ts';
import { renderPages } from './render-pages.ts';
import type { SiteServer } from './site-server.ts';

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

/** One page, rendered: its file, what a scan of it found, and what a first visit downloads. */
export interface RenderedPage {
  page: OutputFile;
  scan: ScannedPage;
  size: PageSize;
}

/** Takes a batch's files as they are made: its social cards first, then each page. */
export interface BatchSink {
  cards(files: OutputFile[]): void;
  page(rendered: RenderedPage): void;
}

/**
 * Social cards, HTML and sizes for a batch of routes: the per-page work of a build, pure
 * but for the card cache, so it runs the same in the build's own thread or in a worker.
 * Each page goes to the sink as soon as it is rendered: what the build keeps of a page (its
 * check, its size) is taken from it at once, and the page itself is written and let go.
 * Returns the time spent on cards and on pages, in ms.
 */
export async function renderBatch(context: BatchContext, server: SiteServer, routes: readonly RouteRecord[], sink: BatchSink): Promise<{ cards: number; render: number }> {
  const { data, template, assets, cacheDir, upTo, groupSizes, home } = context;
  const started = performance.now();
  const cards = await renderSocialCards({ data, routes, home, cacheDir });
  sink.cards(cards.files);
  const cardsMs = performance.now() - started;
  // noindex only for the not-found pages. /login and /coming-soon stay out of the sitemap
  // but indexable: search engines may show them, and audits expect them crawlable.
  const headExtra = (route: RouteRecord) => headMetaFor({ data, route, card: cards.cardFor(route), noindex: route.file.endsWith('404.html') });
  const styles = assets.files.filter((file) => file.file.endsWith('.css'));
  for (const route of routes) {
    const [page] = renderPages({ server, data, routes: [route], template, assets, headExtra });
    const scan = scanHtml(page!.contents as string);
    // A first visit's scripts, and the course group a course page or list page loads with them.
    const visit = assets.firstVisit[route.page];
    const group = groupSizes[courseGroupForPath(data.courseIndex, route.path) - 1] ?? { raw: 0, brotli: 0 };
    const jsFor = () => ({ raw: visit.jsRaw + group.raw, brotli: visit.jsBrotli + group.brotli });
    const [size] = await measurePages({ files: [page!, ...styles], jsFor, upTo, scanned: new Map([[page!.file, scan]]) });
    sink.page({ page: page!, scan, size: size! });
  }
  return { cards: cardsMs, render: performance.now() - started - cardsMs };
}
