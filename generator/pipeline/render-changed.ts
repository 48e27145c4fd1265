import { availableParallelism } from 'node:os';
import type { StageTimer } from '../stage-timer.ts';
import type { BuildCache } from './build-cache.ts';
import type { ClientAssets } from './bundle-client.ts';
import { titleKeys } from './check-output.ts';
import { putFile, type NewSite } from './new-site.ts';
import type { PageImages } from '../images/page-images.ts';
import type { CardInput, PageInput } from './page-input.ts';
import type { Budgets } from './page-sizes.ts';
import type { RenderedPage } from './render-batch.ts';
import { createBatchRenderer } from './render-pool.ts';
import { loadSiteServer } from './site-server.ts';

/** Pages per batch: what a render worker is sent at a time. */
const BATCH_PAGES = 16;

/**
 * From this many pages to render, and with at least WORKERS_MIN_CORES cores, batches render
 * in worker threads by default. Below, starting them (each loads React and the content)
 * costs more than it saves.
 */
export const WORKERS_FROM = 5000;

/**
 * Each worker holds its own React and copy of the content, so on few cores workers
 * double the memory for little time (docs/performance.md); fewer cores than this render
 * in the build's own thread unless `--jobs` says otherwise.
 */
export const WORKERS_MIN_CORES = 4;

/** Render threads when `--jobs` is not given, for `pages` to render. */
export function defaultJobs(pages: number, cores = availableParallelism()): number {
  return pages >= WORKERS_FROM && cores >= WORKERS_MIN_CORES ? cores : 1;
}

/**
 * Renders the pages whose input changed, a batch at a time (in worker threads with
 * `jobs` > 1). Each page is checked, measured, recorded and written the moment it comes,
 * then let go: memory holds a batch, never the site. Returns the paths rendered, in order.
 */
export async function renderChanged(
  site: NewSite,
  todo: readonly { index: number; path: string }[],
  context: {
    template: string;
    assets: ClientAssets;
    cache: BuildCache;
    upTo: Budgets | undefined;
    jobs?: number;
    timer: StageTimer;
    total: number;
    /** The key of the page at `index`, for its record (made when asked, if not made before). */
    keyOf: (index: number) => string;
    /** The input of the page at `index` (made when asked: as the page renders). */
    inputOf: (index: number) => PageInput;
    /** What the page at `index` draws its card from (null: none of its own). */
    cardInputOf: (index: number) => CardInput | null;
    /** What the images of the page at `index` cost a phone (undefined: it has none). */
    imagesAt: (index: number) => PageImages | undefined;
  },
): Promise<string[]> {
  const { timer, cache } = context;
  const rendered: string[] = [];
  if (todo.length === 0) return rendered;
  const renderer = await createBatchRenderer(
    { template: context.template, assets: context.assets, imagesDir: cache.imagesDir, upTo: context.upTo },
    { jobs: context.jobs ?? defaultJobs(todo.length), server: () => timer.time('server', () => loadSiteServer()) },
  );
  const byPath = new Map(todo.map((entry) => [entry.path, entry]));
  const onPage = (page: RenderedPage) => {
    const { index } = byPath.get(page.path)!;
    const images = context.imagesAt(index);
    if (images) page.size.images = images;
    // The page's files join the site before the check looks at them, so that the page's
    // links to them resolve at once (the check keeps no record of a link that does). The
    // card is known by its image key: the file is the cache's.
    if (page.card) site.files.set(page.card.file, cache.imageId(`${page.card.key}.png`));
    const files = [page.html, ...(page.json ? [page.json] : [])];
    const start = performance.now();
    // Written to out/ and kept in the cache's store, for a build that finds no out/.
    for (const file of files) cache.store.add(putFile(site, file.file, file.contents), file.contents);
    timer.record('write', performance.now() - start, 1);
    // The page's title keys: noted by the check and kept in its record, made once.
    const keys = titleKeys(page.scan);
    site.check.add(files, [page.size], new Map([[page.html.file, { ...page.scan, keys }]]));
    const record = { key: context.keyOf(index), ...keys, html: page.size.html, exact: page.size.exact };
    site.records[page.path] = record;
    site.sizes?.push(page.size);
    rendered.push(page.path);
  };
  try {
    const inFlight: Promise<{ cards: number; render: number }>[] = [];
    let next = 0;
    while (next < todo.length || inFlight.length > 0) {
      while (inFlight.length < renderer.window && next < todo.length) {
        const batch = todo.slice(next, next + BATCH_PAGES);
        const done = renderer.render({ cards: batch.map(({ index }) => context.cardInputOf(index)), inputAt: (at) => context.inputOf(batch[at]!.index) }, onPage);
        done.catch(() => {}); // awaited in order below
        inFlight.push(done);
        next += BATCH_PAGES;
      }
      const ms = await inFlight.shift()!;
      timer.record('cards', ms.cards);
      timer.record('render', ms.render);
    }
  } finally {
    await renderer.close();
  }
  timer.report('cards');
  timer.report('render', () => `${todo.length} of ${context.total} pages${renderer.workers ? ` in ${renderer.workers} workers (their time added up)` : ''}`);
  return rendered;
}
