/*
 * Entry of `site dev`'s server-side bundle. The generator imports site/entry-server.tsx
 * statically (it is compiled into the launcher), so to pick up an edited component without
 * a restart, `site dev` bundles this file (and through render.ts, site/entry-server.tsx)
 * into node_modules/.cache/site-dev/ and imports it again after each rebuild. It carries
 * every stage that reads site/ (titles, icon names, routes), so one import is consistent.
 * The generator never imports this file itself.
 */
export { loadContent } from '../content/load.ts';
export { validateContent } from '../content/validate.ts';
export { deriveContent } from '../content/derive.ts';
export { collectRoutes } from '../routes.ts';
export { renderPages, renderRoots } from '../render.ts';
export { staticFiles } from '../static-files.ts';
