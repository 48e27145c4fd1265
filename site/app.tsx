import { Suspense, type ComponentType } from 'react';
import type { LayoutData } from './model/page-data.ts';
import type { PageKey } from './model/routes.ts';
import { SiteDataProvider, useRouteData, type RouteDataSource } from './route-data.tsx';
import { Layout, PageArrived } from './components/chrome/layout.tsx';

/**
 * The whole site, the same under StaticRouter on the server and BrowserRouter in the
 * browser: the layout chosen by path, and inside it the page the route's data names. No
 * route table: which URLs are pages is the generator's to say (one file per route); the
 * browser renders whatever page a route's data is for, and asks the host for a path
 * without data.
 */
export function App({ layout, source, pageOf }: { layout: LayoutData; source: RouteDataSource; pageOf: (page: PageKey) => ComponentType }) {
  return (
    <SiteDataProvider layout={layout} source={source}>
      <Layout>
        <Suspense fallback={null}>
          <RoutePage pageOf={pageOf} />
          <PageArrived />
        </Suspense>
      </Layout>
    </SiteDataProvider>
  );
}

/** The page the current route's data is for (pageOf gives the same component for a kind every time). */
function RoutePage({ pageOf }: { pageOf: (page: PageKey) => ComponentType }) {
  const Page = pageOf(useRouteData().page.kind);
  return <Page />;
}
