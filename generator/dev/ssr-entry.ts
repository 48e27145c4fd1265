/*
 * Entry of `site dev`'s server-side bundle: every stage that reads site/ (the model its
 * titles, routes and icons come from, and the pages), bundled together and imported
 * afresh after each rebuild, so an edit under site/ is picked up without a restart and
 * one import is consistent. The generator never imports this file itself.
 */
export { readContent } from '../content/read-content.ts';
export { locateIssues } from '../content/validate.ts';
export { makeImages } from '../images/site-images.ts';
export { collectRoutes } from '../content/collect-routes.ts';
export { pageInputMaker, pageKeyMaker, layoutDigest } from '../pipeline/page-input.ts';
export { layoutDataOf } from '../../site/model/page-data.ts';
export { renderPage, routeDataFile, routeDataJson } from '../pipeline/render-pages.ts';
export { staticFiles } from '../outputs/static-files.ts';
export { renderRoute } from '../../site/entry-server.tsx';
