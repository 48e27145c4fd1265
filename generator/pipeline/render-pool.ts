import { Worker } from 'node:worker_threads';
import { loadSharp } from '../images/image-library.ts';
import type { PageInput } from './page-input.ts';
import { renderBatch, type PageBatch, type RenderContext, type RenderedPage } from './render-batch.ts';
import type { SiteServer } from './site-server.ts';

/** Renders batches of pages, in this thread or spread over worker threads. */
export interface BatchRenderer {
  /**
   * Renders a batch, handing each page to `onPage`; batches reach it in the order they
   * were asked for. Resolves with the time spent on cards and pages (a worker's included).
   */
  render(batch: PageBatch, onPage: (page: RenderedPage) => void): Promise<{ cards: number; render: number }>;
  /** How many batches to keep in flight for the workers to stay busy. */
  readonly window: number;
  readonly workers: number;
  close(): Promise<void>;
}

/** A batch request to a worker, and its answer. */
export type BatchRequest = { id: number; inputs: readonly PageInput[] };
export type BatchReply = { id: number; result?: { pages: RenderedPage[]; ms: { cards: number; render: number } }; error?: { message: string; stack?: string } };

/**
 * `jobs` worker threads (render-worker.ts) when asked for two or more; else this thread.
 * Workers receive the render context once; each batch then travels as its pages' inputs,
 * and comes back rendered, handed over in the order asked for.
 */
export async function createBatchRenderer(context: RenderContext, options: { jobs: number; server: () => Promise<SiteServer> }): Promise<BatchRenderer> {
  if (options.jobs < 2) {
    let server: Promise<SiteServer> | undefined;
    return { render: async (batch, onPage) => renderBatch(context, await (server ??= options.server()), batch, onPage), window: 1, workers: 0, close: async () => {} };
  }
  // sharp's libraries are opened by this thread first, so that they stay open when a worker ends.
  await loadSharp();
  const waiting = new Map<number, { resolve: (result: NonNullable<BatchReply['result']>) => void; reject: (error: Error) => void }>();
  const load = new Map<Worker, number>();
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const workers = Array.from({ length: options.jobs }, () => {
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: context });
    load.set(worker, 0);
    worker.on('message', (reply: BatchReply) => {
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      load.set(worker, (load.get(worker) ?? 1) - 1);
      if (reply.result) entry.resolve(reply.result);
      else entry.reject(Object.assign(new Error(reply.error?.message ?? 'a render worker failed'), { stack: reply.error?.stack }));
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`a render worker exited with code ${code}`));
    });
    return worker;
  });
  let nextId = 0;
  let delivered: Promise<unknown> = Promise.resolve();
  return {
    workers: workers.length,
    window: workers.length * 2,
    render(batch, onPage) {
      if (failure) return Promise.reject(failure);
      // A worker is sent its batch's inputs whole.
      const inputs = batch.cards.map((_, index) => batch.inputAt(index));
      // The least busy worker takes the batch.
      const worker = workers.reduce((best, candidate) => ((load.get(candidate) ?? 0) < (load.get(best) ?? 0) ? candidate : best));
      load.set(worker, (load.get(worker) ?? 0) + 1);
      const id = nextId++;
      const reply = new Promise<NonNullable<BatchReply['result']>>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, inputs } satisfies BatchRequest);
      });
      // Handed over in the order asked for, whichever worker finishes first.
      const handed = Promise.all([reply, delivered.catch(() => {})]).then(([result]) => {
        for (const page of result.pages) onPage(page);
        return result.ms;
      });
      delivered = handed;
      return handed;
    },
    async close() {
      failure ??= new Error('the render workers were closed');
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
