/*
 * A render worker of `site build --jobs N` (render-pages.ts): loads the compiled site/
 * once, then renders the batches it is sent.
 */
import Tinypool from 'tinypool';
import { openImageFiles } from '../cache/image-files.ts';
import { cardInputOf, type PageInput } from '../plan/page-input.ts';
import type { RouteRecord } from '../plan/routes.ts';
import type { BatchResult, RenderWorkerData } from './render-pages.ts';
import { renderBatch, type RenderedPage } from './render-batch.ts';
import { importSiteServer } from './site-server.ts';

const { context, server: entry } = Tinypool.workerData as RenderWorkerData;
// Checked, or compiled, by the build's own thread before the pool started.
const server = await importSiteServer(entry);
const images = context.imagesDir ? openImageFiles(context.imagesDir) : null;

/** Renders a batch, sent back whole with the time it took. */
export default async function render({ inputs }: { inputs: PageInput[] }): Promise<BatchResult> {
  const byRoute = new Map(inputs.map((input) => [input.route, input]));
  const ms = { render: 0, cards: 0 };
  const pages: RenderedPage[] = [];
  const batch = { routes: inputs.map((input) => input.route), inputOf: (route: RouteRecord) => byRoute.get(route)!, cardOf: (route: RouteRecord) => cardInputOf(byRoute.get(route)!, context.layout) };
  for await (const page of renderBatch(context, server, batch, images, (time) => ((ms.render += time.render), (ms.cards += time.cards)))) pages.push(page);
  return { pages, ms };
}
