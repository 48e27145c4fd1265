import { createContext, use, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { LayoutData, PageDataOf, RouteData } from './model/page-data.ts';
import type { PageKey } from './model/routes.ts';

/*
 * The data pages render, from the layout down: the chrome's (the same on every page) and
 * each route's own. On the server both come with the page being rendered; in the browser
 * the first page's come with its HTML, and a route navigated to is fetched (route-loader.ts).
 */

/** Where a route's data comes from: a promise per path, settled ones read without waiting. */
export interface RouteDataSource {
  load(pathname: string): Promise<RouteData>;
}

const LayoutContext = createContext<LayoutData | null>(null);
const SourceContext = createContext<RouteDataSource | null>(null);

/** Makes the chrome's data and the source of route data available to everything below. */
export function SiteDataProvider({ layout, source, children }: { layout: LayoutData; source: RouteDataSource; children: ReactNode }) {
  return (
    <LayoutContext.Provider value={layout}>
      <SourceContext.Provider value={source}>{children}</SourceContext.Provider>
    </LayoutContext.Provider>
  );
}

/** The chrome's data: the site, the agency, labels and navigation. */
export function useLayout(): LayoutData {
  const layout = useContext(LayoutContext);
  if (!layout) throw new Error('useLayout must be used inside <SiteDataProvider>');
  return layout;
}

/** The data of the route at `pathname` (the current one by default); suspends until it has arrived. */
export function useRouteData(pathname?: string): RouteData {
  const source = useContext(SourceContext);
  const current = useLocation().pathname;
  if (!source) throw new Error('useRouteData must be used inside <SiteDataProvider>');
  return use(source.load(pathname ?? current));
}

/** The current page's own data, as the page of kind `kind` has it. */
export function usePage<K extends PageKey>(kind: K): PageDataOf<K> {
  const { page } = useRouteData();
  if (page.kind !== kind) throw new Error(`the ${kind} page was given the data of a ${page.kind} page`);
  return page as PageDataOf<K>;
}

/** A promise already settled with `value`: React's use() reads it without suspending. */
export function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}
