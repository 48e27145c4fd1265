import type { RouteData } from './model/page-data.ts';
import { normalizePath, routeDataUrl } from './model/routes.ts';
import { loadInFull } from './load-in-full.ts';
import { settled, type RouteDataSource } from './route-data.tsx';

/**
 * The browser's route data: the first page's comes with its HTML; a route navigated to is
 * fetched from its index.json, once, and kept for the rest of the visit. A route without
 * one (an unknown path, a course that does not exist) or one that cannot be fetched is
 * asked of the server as a full page load, which needs no script and gets the host's
 * answer (a 404 page, or a page deployed since).
 */
export function createRouteLoader(first: { pathname: string; data: RouteData }): RouteDataSource {
  const routes = new Map<string, Promise<RouteData>>([[normalizePath(first.pathname), settled(first.data)]]);
  return {
    load(pathname) {
      const path = normalizePath(pathname);
      let route = routes.get(path);
      if (!route) {
        route = fetch(routeDataUrl(path)).then(
          async (response) => {
            if (!response.ok) throw new Error(`${routeDataUrl(path)}: ${response.status}`);
            const data = (await response.json()) as RouteData;
            routes.set(path, settled(data));
            return data;
          },
        ).catch(() => {
          // The address bar already shows the route: loading it in full asks the host.
          routes.delete(path);
          return loadInFull<RouteData>();
        });
        routes.set(path, route);
      }
      return route;
    },
  };
}
