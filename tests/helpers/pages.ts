import { collectRoutes } from '../../generator/content/collect-routes.ts';
import { pageInputMaker, type PageInput } from '../../generator/pipeline/page-input.ts';
import type { SiteData } from '../../site/model/site-data.ts';

/** Every route's page input, in route order, as a build makes them when it renders every page. */
export function pageInputsOf(data: SiteData): PageInput[] {
  const routes = collectRoutes({ data });
  const inputOf = pageInputMaker(data, routes);
  return routes.map((_, index) => inputOf(index));
}
