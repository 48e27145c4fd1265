import { Worker } from 'node:worker_threads';
import { renderBatch, type BatchContext, type BatchResult } from './render-batch.ts';
import type { RouteRecord } from '../content/collect-routes.ts';
import type { SiteServer } from './site-server.ts';

/** Renders batches of pages, in this thread or spread over worker threads. */
export interface BatchRenderer {
  render(routes: readonly RouteRecord[]): Promise<BatchResult>;
  /** How many batches to keep in flight for the workers to stay busy. */
  readonly window: number;
  readonly workers: number;
  close(): Promise<void>;
}

/** A batch request to a worker, and its answer. */
export type BatchRequest = { id: number; routes: readonly RouteRecord[] };
export type BatchReply = { id: number; result?: BatchResult; error?: { message: string; stack?: string } };

/**
 * `jobs` worker threads (render-worker.ts) when asked for two or more; else this thread,
 * one batch at a time. Workers receive the context once; each batch then travels as its
 * routes, and comes back as HTML, cards and sizes.
 */
export function createBatchRenderer(context: BatchContext, options: { jobs: number; server: SiteServer }): BatchRenderer {
  if (options.jobs < 2) {
    return { render: (routes) => renderBatch(context, options.server, routes), window: 1, workers: 0, close: async () => {} };
  }
  const waiting = new Map<number, { resolve: (result: BatchResult) => void; reject: (error: Error) => void }>();
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
  return {
    workers: workers.length,
    window: workers.length * 2,
    render(routes) {
      if (failure) return Promise.reject(failure);
      // The least busy worker takes the batch.
      const worker = workers.reduce((best, candidate) => ((load.get(candidate) ?? 0) < (load.get(best) ?? 0) ? candidate : best));
      load.set(worker, (load.get(worker) ?? 0) + 1);
      const id = nextId++;
      return new Promise<BatchResult>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, routes } satisfies BatchRequest);
      });
    },
    async close() {
      failure ??= new Error('the render workers were closed');
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
