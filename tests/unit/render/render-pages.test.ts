import { expect, test } from 'vitest';
import { readCode } from '../../../generator/build/read-inputs.ts';
import { BUDGETS } from '../../../generator/check/page-sizes.ts';
import { clientBundle } from '../../../generator/client/cached-bundle.ts';
import { deriveContent } from '../../../generator/content/derive.ts';
import { loadContent } from '../../../generator/content/read-content.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { renderPages } from '../../../generator/render/render-pages.ts';
import { siteServerEntry } from '../../../generator/render/site-server.ts';
import { layoutDataOf } from '../../../site/model/page-data.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
import { pageInputsOf } from '../../helpers/pages.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * Rendering in the build's own thread never holds it for the whole render: between
 * batches the rest of the process gets its turn. With every card at hand a batch waits on
 * nothing, and the cache lock, refreshed by a timer and taken over by another build once
 * untouched for 20 s, would otherwise go stale under a large site.
 */

test('between batches the process gets its turn: something scheduled as the render starts runs before it ends', async () => {
  const data = deriveContent(validateContent(await loadContent({ file: REAL_CONTENT })));
  const pages = pageInputsOf(data);
  const inputs = new Map(pages.map((page) => [page.route.path, page.input]));
  const { assets } = await clientBundle(tempDir('site-render-pages-'));
  const routes = pages.map((page) => page.route);
  expect(routes.length).toBeGreaterThan(16); // more than one batch

  let rendered = 0;
  let renderedWhenItRan: number | undefined;
  for await (const page of renderPages(routes, {
    inputOf: (route) => inputs.get(route.path)!,
    cardOf: () => null,
    context: { template: readCode().template, shared: 'render-pages test', layout: layoutDataOf(data), assets, imagesDir: null, upTo: BUDGETS },
    jobs: 1,
    server: () => siteServerEntry(),
  })) {
    expect(page.path).toBe(routes[rendered]!.path);
    rendered += 1;
    if (rendered === 1) setImmediate(() => (renderedWhenItRan = rendered));
  }
  expect(rendered).toBe(routes.length);
  expect(renderedWhenItRan).toBeLessThan(routes.length);
}, 60_000);
