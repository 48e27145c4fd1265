import type { ClientAssets } from './bundle.ts';
import type { SiteData } from './content/derive.ts';
import { headMetaFor } from './head-meta.ts';
import type { ScannedPage } from './html-scan.ts';
import { measurePages, type Budgets, type PageSize } from './page-sizes.ts';
import { renderPages, type OutputFile } from './render.ts';
import type { RouteRecord } from './routes.ts';
import { renderSocialCards } from './social-cards.ts';

/** Everything a batch of pages needs, the same for every batch (sent once to each worker). */
export interface BatchContext {
  data: SiteData;
  template: string;
  /** The client assets; only the stylesheets' `files` are needed (to size first visits). */
  assets: ClientAssets;
  cacheDir: string | null;
  upTo?: Budgets;
}

/** One batch, rendered: its pages and cards, each page's first-visit size and scan. */
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
export async function renderBatch(context: BatchContext, routes: readonly RouteRecord[]): Promise<BatchResult> {
  const { data, template, assets, cacheDir, upTo } = context;
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };
  const cards = await renderSocialCards({ data, routes, cacheDir });
  const cardsMs = lap();
  // noindex only for the not-found pages. /login and /coming-soon stay out of the sitemap
  // but indexable: search engines may show them, and audits expect them crawlable.
  const headExtra = (route: RouteRecord) => headMetaFor({ data, route, card: cards.cardFor(route), noindex: route.file.endsWith('404.html') });
  const pages = renderPages({ data, routes, template, assets, headExtra });
  const renderMs = lap();
  // Each page is scanned once, for its size here and for the output check.
  const pageOf = new Map(routes.map((route) => [route.file, route.page]));
  const jsFor = (file: string) => {
    const page = pageOf.get(file);
    const visit = page ? assets.firstVisit[page] : undefined;
    return visit ? { raw: visit.jsRaw, brotli: visit.jsBrotli } : undefined;
  };
  const styles = assets.files.filter((file) => file.file.endsWith('.css'));
  const scanned = new Map<string, ScannedPage>();
  const measured = await measurePages({ files: [...pages, ...styles], jsFor, upTo, scanned });
  return { pages, cards: cards.files, measured, scanned, ms: { cards: cardsMs, render: renderMs, check: lap() } };
}
