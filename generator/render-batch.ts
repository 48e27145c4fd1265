import type { ClientAssets } from './bundle.ts';
import type { SiteData } from './content/derive.ts';
import { headMetaFor } from './head-meta.ts';
import { scanHtml, type ScannedPage } from './html-scan.ts';
import { measurePages, type Budgets, type PageSize, type Size } from './page-sizes.ts';
import { courseGroupForPath } from '../site/course-index.ts';
import { takeMeasuredBrotliSizes } from './brotli-size.ts';
import { renderPages, type OutputFile } from './render.ts';
import type { RouteRecord } from './routes.ts';
import { renderSocialCards } from './social-cards.ts';
import { paceHeap } from './heap-pacer.ts';

/** Pages rendered between two turns of the event loop (~5 ms of work). */
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

/** One batch, rendered: its pages and cards, each page's first-visit size and scan. */
export interface BatchResult {
  pages: OutputFile[];
  cards: OutputFile[];
  measured: PageSize[];
  scanned: Map<string, ScannedPage>;
  /** Time spent per stage on this batch, in ms. */
  ms: { cards: number; render: number; check: number };
  /** Brotli sizes first measured for this batch (brotli-size.ts), for the build's thread to keep. */
  brotli: [string, number][];
}

/**
 * Social cards, HTML and sizes for a batch of routes: the per-page work of a build, pure
 * but for the card cache, so it runs the same in the build's own thread or in a worker.
 * `roots`: React trees already rendered for some of the routes (renderRoots), used and removed.
 */
export async function renderBatch(context: BatchContext, routes: readonly RouteRecord[], roots?: Map<string, string>): Promise<BatchResult> {
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
  // Each page is scanned as soon as it is rendered, for its size here and for the output
  // check, and kept as UTF-8 bytes from then on (as the writer needs it). At once, because
  // React's HTML is a rope of every chunk it wrote (~100 KB of string pieces for a 10 KB
  // page): a batch of ropes waiting for the scan survived young-generation collections
  // into the old generation, page after page. Bytes live outside V8's heap, where the
  // collector never copies them.
  const scanned = new Map<string, ScannedPage>();
  // The pacer looks in between, so a large page's garbage goes before the next copy is
  // made: React's tree before the rope is flattened, the rope before the bytes are made
  // (/ebooks with 1,000 books is a 2.8 MB page, a 20 MB rope).
  const finishPage = (page: OutputFile): OutputFile => {
    const html = page.contents as string;
    paceHeap();
    scanned.set(page.file, scanHtml(html));
    paceHeap();
    const bytes = Buffer.from(html, 'utf8');
    paceHeap(bytes.length);
    return { file: page.file, contents: bytes };
  };
  // A few pages at a time, letting the event loop run in between: the last batch's files
  // are being written meanwhile, and each takes several trips through it (open, write,
  // close), which a whole batch rendered in one go would hold up.
  const pages: OutputFile[] = [];
  for (let start = 0; start < routes.length; start += PAGES_PER_TURN) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    pages.push(...renderPages({ data, routes: routes.slice(start, start + PAGES_PER_TURN), template, assets, headExtra, finishPage, roots }));
  }
  // Trees rendered ahead of time (while the client was bundled) are used once.
  if (roots) for (const route of routes) roots.delete(route.path);
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
  return { pages, cards: cards.files, measured, scanned, ms: { cards: cardsMs, render: renderMs, check: lap() }, brotli: takeMeasuredBrotliSizes() };
}
