import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { SiteData } from '../generator/content/derive.ts';
import { SiteDataProvider, useSiteData } from './data.tsx';
import { courseIdSet } from './page-meta.ts';
import { Layout } from './components/layout.tsx';
import { COURSE_LIST_PAGE_PATTERN, COURSE_PATTERN, matchPage, STATIC_PATHS, type PageKey } from './routes.ts';

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
          <Route path={COURSE_LIST_PAGE_PATTERN} element={<ListPageRoute list={element('courseList')} notFound={element('notFound')} />} />
          <Route path={COURSE_PATTERN} element={element('course')} />
          <Route path="*" element={element('notFound')} />
        </Route>
      </Routes>
    </SiteDataProvider>
  );
}

/** /courses/list/N: the list's page N when it exists (2 to the last), else the not-found page, as on the server. */
function ListPageRoute({ list, notFound }: { list: ReactNode; notFound: ReactNode }) {
  // The titles arrive with the entry script; the courses only with the list's own chunk.
  const { titles } = useSiteData();
  return matchPage(useLocation().pathname, courseIdSet(titles)).found ? list : notFound;
}
