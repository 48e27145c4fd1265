/*
 * A render worker of `site build --jobs N` (render-pool.ts): loads the compiled site/ once,
 * then renders the batches it is sent until it is terminated.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { batchOf, renderBatch, type RenderContext, type RenderedPage } from './render-batch.ts';
import type { BatchReply, BatchRequest } from './render-pool.ts';
import { loadSiteServer } from './site-server.ts';

const port = parentPort!;
const context = workerData as RenderContext;
const server = await loadSiteServer();
port.on('message', (request: BatchRequest) => {
  const pages: RenderedPage[] = [];
  renderBatch(context, server, batchOf(request.inputs), (page) => pages.push(page)).then(
    (ms) => port.postMessage({ id: request.id, result: { pages, ms } } satisfies BatchReply),
    (error: Error) => port.postMessage({ id: request.id, error: { message: error.message, stack: error.stack } } satisfies BatchReply),
  );
});
