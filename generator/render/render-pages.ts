import { availableParallelism } from 'node:os';
import { setImmediate as turnOfTheEventLoop } from 'node:timers/promises';
import Tinypool from 'tinypool';
import { openImageFiles } from '../cache/image-files.ts';
import { loadSharp } from '../images/image-library.ts';
import type { CardInput } from '../cards/page-cards.ts';
import type { PageInput } from '../plan/page-input.ts';
import type { RouteRecord } from '../plan/routes.ts';
import { renderBatch, type RenderContext, type RenderedPage } from './render-batch.ts';
import { importSiteServer } from './site-server.ts';

/** Pages per batch: what a render worker is sent at a time. */
const BATCH_PAGES = 16;

/**
 * From this many pages to render, and with at least WORKERS_MIN_CORES cores, batches render
 * in worker threads by default. Below, starting them (each loads React and site/) costs
 * more than it saves; on fewer cores, each worker's own React and copy of the batch's data
 * double the memory for little time (README.md).
 */
export const WORKERS_FROM = 5000;
export const WORKERS_MIN_CORES = 4;

/** Render threads when `--jobs` is not given, for `pages` to render. */
export function defaultJobs(pages: number, cores = availableParallelism()): number {
  return pages >= WORKERS_FROM && cores >= WORKERS_MIN_CORES ? cores : 1;
}

/** What each render worker is given when it starts: what every page is rendered with, and the compiled site/'s entry file. */
export interface RenderWorkerData {
  context: RenderContext;
  server: string;
}

/** A batch's result as a render worker sends it back. */
export interface BatchResult {
  pages: RenderedPage[];
  ms: { render: number; cards: number };
}

/**
 * Renders the pages of `routes` a batch at a time, each page's input made as it renders
 * (`inputOf`; a batch's cards, `cardOf`, are asked for first), in this thread or (`jobs`
 * > 1) in that many worker threads, and yields each page in order: memory holds the pages in flight,
 * never the site. `onTime` is told the time spent rendering and waiting for cards.
 */
export async function* renderPages(
  routes: readonly RouteRecord[],
  options: {
    inputOf: (route: RouteRecord) => PageInput;
    cardOf: (route: RouteRecord) => CardInput | null;
    context: RenderContext;
    jobs: number;
    /** The compiled site/'s entry file (site-server.ts), asked for once, when pages are to render. */
    server: () => Promise<string>;
    onTime?: (ms: BatchResult['ms']) => void;
  },
): AsyncGenerator<RenderedPage> {
  const batches = function* () {
    for (let start = 0; start < routes.length; start += BATCH_PAGES) yield routes.slice(start, start + BATCH_PAGES);
  };
  const { jobs } = options;
  if (jobs < 2) {
    const server = routes.length > 0 ? await importSiteServer(await options.server()) : null;
    const images = options.context.imagesDir ? openImageFiles(options.context.imagesDir) : null;
    for (const batch of batches()) {
      yield* renderBatch(options.context, server!, { routes: batch, inputOf: options.inputOf, cardOf: options.cardOf }, images, options.onTime);
      // Between batches, the rest of the process gets its turn: with every card at hand a
      // batch never waits on anything, and the cache lock (refreshed by a timer, or taken
      // over as stale once untouched for 20 s) would go untouched for the whole render.
      await turnOfTheEventLoop();
    }
    return;
  }
  // sharp's libraries are opened by this thread first, so that they stay open when a worker ends.
  await loadSharp();
  const workerData: RenderWorkerData = { context: options.context, server: await options.server() };
  const pool = new Tinypool({ filename: new URL('./render-worker.ts', import.meta.url).href, minThreads: jobs, maxThreads: jobs, workerData });
  try {
    const inFlight: Promise<BatchResult>[] = [];
    const source = batches();
    const more = () => {
      const next = source.next();
      if (next.done) return false;
      // A worker is sent its batch's inputs whole.
      const done = pool.run({ inputs: next.value.map(options.inputOf) }) as Promise<BatchResult>;
      done.catch(() => {}); // awaited in order below
      inFlight.push(done);
      return true;
    };
    while (inFlight.length < 2 * jobs && more());
    while (inFlight.length > 0) {
      const { pages, ms } = await inFlight.shift()!;
      more();
      options.onTime?.(ms);
      yield* pages;
    }
  } finally {
    await pool.destroy();
  }
}
