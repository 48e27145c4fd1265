import { cardFile } from '../outputs/page-cards.ts';
import { renderCard } from '../outputs/social-cards.ts';
import { headMetaFor } from '../outputs/head-meta.ts';
import type { ClientAssets } from './bundle-client.ts';
import { scanHtml, type ScannedPage } from './html-scan.ts';
import { measurePage, type Budgets, type PageSize } from './page-sizes.ts';
import { cardInputOf, type CardInput, type PageInput } from './page-input.ts';
import { renderPage, routeDataFile, routeDataJson } from './render-pages.ts';
import type { SiteServer } from './site-server.ts';

/** What every page of a build is rendered with besides its input (sent once to each render worker). */
export interface RenderContext {
  template: string;
  assets: ClientAssets;
  /** Where card images are kept (null: rendered every time). */
  imagesDir: string | null;
  upTo?: Budgets;
}

/** One page, rendered: its HTML and index.json, its card, what a scan of it found and what a first visit downloads. */
export interface RenderedPage {
  path: string;
  html: { file: string; contents: string };
  json: { file: string; contents: string } | null;
  /** The page's own card: where it goes, its image key, and the cached file (or bytes) to take it from. */
  card: { file: string; key: string; source?: string; bytes?: Uint8Array } | null;
  scan: ScannedPage;
  size: PageSize;
}

/**
 * A batch of pages to render: the cards they draw, asked for at once (sharp draws them in
 * its own threads while the pages render), and each page's input, made when that page
 * renders and let go with it. Inputs made a batch ahead all live through the batch; V8
 * then judges the objects they are made of long-lived and allocates every later page's in
 * the old generation, which only a full collection empties (docs/performance.md, "Memory").
 */
export interface PageBatch {
  cards: readonly (CardInput | null)[];
  inputAt(index: number): PageInput;
}

/** A batch of inputs already made (what a render worker receives). */
export function batchOf(inputs: readonly PageInput[]): PageBatch {
  return { cards: inputs.map(cardInputOf), inputAt: (index) => inputs[index]! };
}

/**
 * Renders a batch of pages, handing each to `onPage` the moment it is rendered:
 * what the build keeps of a page (its check, its size, its record) is taken from it at
 * once, and the page itself is written and let go. The same in the build's own thread or
 * in a render worker. Returns the time spent on cards and on pages, in ms.
 */
export async function renderBatch(context: RenderContext, server: SiteServer, batch: PageBatch, onPage: (page: RenderedPage) => void): Promise<{ cards: number; render: number }> {
  const { template, assets, imagesDir, upTo } = context;
  // The batch's cards are drawn by sharp in its own threads while this one renders the
  // pages; a page is handed on once its card is there.
  const cards = batch.cards.map((input) => (input ? renderCard(input.card, input.themeColor, imagesDir) : null));
  for (const card of cards) card?.catch(() => {}); // awaited below, in order
  let render = 0;
  let waited = 0;
  for (const [index, card] of cards.entries()) {
    const { route, document, head } = batch.inputAt(index);
    const site = document.layout.site;
    const mark = performance.now();
    const html = renderPage({ server, route, document, template, assets, site, head: headMetaFor(head, route, site) });
    const jsonFile = routeDataFile(route);
    const js = assets.firstVisit[document.route.page.kind];
    const page: Omit<RenderedPage, 'card'> = {
      path: route.path,
      html: { file: route.file, contents: html },
      json: jsonFile ? { file: jsonFile, contents: routeDataJson(document.route) } : null,
      scan: scanHtml(html),
      size: measurePage({ file: route.file, html, css: assets.cssSize, js: { raw: js.jsRaw, brotli: js.jsBrotli }, upTo }),
    };
    render += performance.now() - mark;
    const waiting = performance.now();
    const png = await card;
    waited += performance.now() - waiting;
    onPage({ ...page, card: png ? { file: cardFile(route.canonical), key: png.key, source: png.cachedFile, bytes: png.bytes } : null });
  }
  // The cards' time is what rendering the pages did not hide: the wait for them.
  return { cards: waited, render };
}
