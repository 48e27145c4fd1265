import type { LayoutData } from '../../site/model/page-data.ts';
import type { ImageFiles } from '../cache/image-files.ts';
import { cardFile, type CardInput } from '../cards/page-cards.ts';
import type { DrawnPng } from '../cards/png.ts';
import { drawCard } from '../cards/social-cards.ts';
import { scanHtml, type ScannedPage } from '../check/html-scan.ts';
import { measurePage, type Budgets, type PageSize } from '../check/page-sizes.ts';
import type { ClientAssets } from '../client/bundle.ts';
import { cardInputOf, documentOf, headOf, type PageInput } from '../plan/page-input.ts';
import { pageKey } from '../plan/page-key.ts';
import type { RouteRecord } from '../plan/routes.ts';
import { headMetaFor } from './head-meta.ts';
import { renderPage, routeDataFile, routeDataJson } from './render-page.ts';
import { structuredDataFor } from './structured-data.ts';
import type { SiteServer } from './site-server.ts';

/** What every page of a build is rendered with besides its input (sent once to each render worker). */
export interface RenderContext {
  template: string;
  /** What every page is made from besides its input (plan/page-key.ts sharedKey): with the input, a page's key. */
  shared: string;
  /** What every page shows around its own data. */
  layout: LayoutData;
  assets: ClientAssets;
  /** The cache's images folder, where cards are drawn; null: cards are drawn only when asked for (site dev). */
  imagesDir: string | null;
  /** The budgets below which a page's size is estimated rather than measured (none: measured exactly). */
  upTo?: Budgets;
}

/** A page's own card: drawn into (or found in) the images folder, or what to draw when it is asked for. */
export type RenderedCard = { file: string; png: DrawnPng; input: CardInput } | { file: string; later: CardInput };

/** One page, rendered: its HTML and index.json, its card, what a scan of it found and what a first visit downloads. */
export interface RenderedPage {
  path: string;
  /** Its key (plan/page-key.ts). */
  key: string;
  files: { file: string; contents: string }[];
  card: RenderedCard | null;
  scan: ScannedPage;
  size: PageSize;
}

/**
 * Renders a batch of pages, yielding each the moment it is rendered (and its card is
 * there), so that a page is written and let go before the next is rendered. Its cards are
 * asked for first: sharp draws them in its own threads while this one renders the pages.
 * Each page's input is made only as it renders (`inputOf`). The same in the build's own
 * thread and in a render worker. `onTime` is told the time spent on pages and waiting for cards.
 */
export async function* renderBatch(
  context: RenderContext,
  server: SiteServer,
  batch: { routes: readonly RouteRecord[]; inputOf: (route: RouteRecord) => PageInput; cardOf: (route: RouteRecord) => CardInput | null },
  images: ImageFiles | null,
  onTime?: (ms: { render: number; cards: number }) => void,
): AsyncGenerator<RenderedPage> {
  const { template, assets, upTo, layout } = context;
  // A batch's cards are asked for first: sharp draws them in its own threads while this one
  // renders the pages. A card's key is what the page's head names it by.
  const cards = batch.routes.map((route) => {
    const card = batch.cardOf(route);
    return card && images ? drawCard(card, images) : null;
  });
  for (const card of cards) card?.png.catch(() => {}); // awaited below, in order
  for (const [index, route] of batch.routes.entries()) {
    const mark = performance.now();
    const input = batch.inputOf(route);
    const cardInput = cardInputOf(input, layout);
    // Without a card drawn here (site dev), its key is made for the head alone.
    const drawing = cards[index];
    const document = documentOf(input, layout);
    const html = renderPage({ server, route, document, template, assets, site: layout.site, head: headMetaFor(headOf(input, layout), route, layout.site, { jsonLd: structuredDataFor(layout, input.page), cardKey: drawing?.key }) });
    const json = routeDataFile(route);
    const js = assets.firstVisit[input.page.kind];
    const files = [{ file: route.file, contents: html }, ...(json ? [{ file: json, contents: routeDataJson(document.route) }] : [])];
    const scan = scanHtml(html);
    const size = measurePage({ file: route.file, html, css: assets.cssSize, js: { raw: js.jsRaw, brotli: js.jsBrotli }, upTo });
    const render = performance.now() - mark;
    const png = await drawing?.png;
    onTime?.({ render, cards: performance.now() - mark - render });
    const card: RenderedCard | null = !cardInput ? null : png ? { file: cardFile(route.canonical), png, input: cardInput } : { file: cardFile(route.canonical), later: cardInput };
    yield { path: route.path, key: pageKey(input, context.shared), files, card, scan, size };
  }
}
