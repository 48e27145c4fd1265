import { layoutDataOf, type DocumentData } from '../../site/model/page-data.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { documentOf, headOf, pageInputMaker, type PageInput } from '../../generator/plan/page-input.ts';
import { collectRoutes, type RouteRecord } from '../../generator/plan/routes.ts';
import type { HeadInput } from '../../generator/render/head-meta.ts';
import { structuredDataFor } from '../../generator/render/structured-data.ts';

/** A page of `data` as a build renders it: its route, its input, and what follows from it (document, head, structured data). */
export interface PageParts {
  route: RouteRecord;
  input: PageInput;
  document: DocumentData;
  head: HeadInput;
  jsonLd: unknown;
}

/** Every route's page, in route order. */
export function pageInputsOf(data: SiteData): PageParts[] {
  const routes = collectRoutes({ data });
  const inputOf = pageInputMaker(data, routes);
  const layout = layoutDataOf(data);
  return routes.map((route) => {
    const input = inputOf(route);
    return { route, input, document: documentOf(input, layout), head: headOf(input, layout), jsonLd: structuredDataFor(layout, input.page) };
  });
}
