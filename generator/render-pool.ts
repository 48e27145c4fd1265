import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { renderBatch, type BatchContext, type BatchResult } from './render-batch.ts';
import type { RouteRecord } from './routes.ts';
import { RENDER_WORKER_FLAG } from './render-worker-flag.ts';
import { paceHeap } from './heap-pacer.ts';

/** Renders batches of pages, in this thread or spread over worker threads. */
export interface BatchRenderer {
  render(routes: readonly RouteRecord[]): Promise<BatchResult>;
  /** How many batches to keep in flight for the workers to stay busy. */
  readonly window: number;
  readonly workers: number;
  close(): Promise<void>;
}


/** The young generation of each render worker, in MB. */
const WORKER_YOUNG_GENERATION_MB = 12;

type Request = { id: number; routes: readonly RouteRecord[] };
type Reply = { id: number; result?: BatchResult; error?: { message: string; stack?: string } };

/**
 * The script a worker runs: the compiled CLI itself (one CommonJS file, see bin/site.js),
 * whose entry starts `serveRenderWorker` when loaded in a worker. Running from the
 * TypeScript sources (tests) there is none, and batches render in this thread.
 */
function workerScript(): string | null {
  const file = fileURLToPath(import.meta.url);
  return file.endsWith('.cjs') ? file : null;
}

/**
 * `jobs` workers when it pays (at least two, and a compiled CLI to run in them); else this
 * thread, one batch at a time. Workers receive the context once; each batch then travels
 * as its routes, and comes back as HTML, cards and sizes. `roots`: React trees rendered
 * ahead of time in this thread, used when it renders the batches itself.
 */
export function createBatchRenderer(context: BatchContext, options: { jobs: number; roots?: Map<string, string> }): BatchRenderer {
  const script = workerScript();
  if (options.jobs < 2 || !script) {
    return { render: (routes) => renderBatch(context, routes, options.roots), window: 1, workers: 0, close: async () => {} };
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
    // A smaller young generation than V8's default (48 MB per thread): batches' garbage dies
    // young either way, and 10,000 courses peaked ~12% lower at the same speed.
    const worker = new Worker(script, { workerData: { [RENDER_WORKER_FLAG]: true, context }, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    load.set(worker, 0);
    worker.on('message', (reply: Reply) => {
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
        worker.postMessage({ id, routes } satisfies Request);
      });
    },
    async close() {
      failure ??= new Error('the render workers were closed');
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/** In a worker started by createBatchRenderer: answers batch requests until terminated. */
export function serveRenderWorker(port: import('node:worker_threads').MessagePort, data: { context: BatchContext }): void {
  port.on('message', (request: Request) => {
    renderBatch(data.context, request.routes).then(
      (result) => {
        port.postMessage({ id: request.id, result } satisfies Reply);
        paceHeap();
      },
      (error: Error) => port.postMessage({ id: request.id, error: { message: error.message, stack: error.stack } } satisfies Reply),
    );
  });
}
