import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { SiteData } from '../generator/content/derive.ts';
import { SiteDataProvider } from './data.tsx';
import { Layout } from './components/layout.tsx';
import { COURSE_PATTERN, STATIC_PATHS, type PageKey } from './routes.ts';

/**
 * The whole site: one route table, rendered under StaticRouter on the server (with every
 * page loaded) and BrowserRouter in the browser (with each page loaded on demand).
 */
export function App({ data, pages }: { data: SiteData; pages: Record<PageKey, ComponentType> }) {
  const element = (page: PageKey) => {
    const Page = pages[page];
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  };
  return (
    <SiteDataProvider data={data}>
      <Routes>
        <Route element={<Layout />}>
          {Object.entries(STATIC_PATHS).map(([path, page]) => (
            <Route key={path} path={path} element={element(page)} />
          ))}
          <Route path={COURSE_PATTERN} element={element('course')} />
          <Route path="*" element={element('notFound')} />
        </Route>
      </Routes>
    </SiteDataProvider>
  );
}
