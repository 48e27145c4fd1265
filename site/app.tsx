import { Suspense, type ComponentType, type ReactNode } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router-dom';
import type { SiteData } from './model/site-data.ts';
import { SiteDataProvider, useSiteData } from './data.tsx';
import { courseIds } from './model/course-index.ts';
import { Layout, PageArrived } from './components/layout.tsx';
import { COURSE_LIST_PAGE_PATTERN, COURSE_PATTERN, matchPage, STATIC_PATHS, type PageKey } from './model/routes.ts';

/** One row of the route table under the layout: a path pattern and what it shows. */
type RouteRow = { path: string; element: ReactNode };

/**
 * The whole site: one route table, rendered under StaticRouter on the server (with every
 * page loaded) and BrowserRouter in the browser (with each page loaded on demand).
 *
 * `only` (the server) names the one path this render is for: the table then holds just the
 * row that path matches, when that row is certain, so React Router ranks one route instead
 * of every route on each of thousands of pages. The HTML is the same either way: <Routes>
 * renders only the matched branch.
 *
 * Paths match case-sensitively, as static hosts serve files: /ABOUT is the not-found page
 * the host answers with, not the about page rendered over it (a hydration mismatch).
 */
export function App({ data, pages, only }: { data: SiteData; pages: Record<PageKey, ComponentType>; only?: string }) {
  const element = (page: PageKey) => {
    const Page = pages[page];
    return (
      <Suspense fallback={null}>
        <Page />
        <PageArrived />
      </Suspense>
    );
  };
  const table: RouteRow[] = [
    ...Object.entries(STATIC_PATHS).map(([path, page]) => ({ path, element: element(page) })),
    { path: COURSE_LIST_PAGE_PATTERN, element: <ListPageRoute list={element('courseList')} notFound={element('notFound')} /> },
    { path: COURSE_PATTERN, element: element('course') },
    { path: '*', element: element('notFound') },
  ];
  const pattern = only === undefined ? null : certainPattern(only);
  const rows = pattern === null ? table : table.filter((row) => row.path === pattern);
  return (
    <SiteDataProvider data={data}>
      <Routes>
        <Route element={<Layout />}>
          {rows.map((row) => (
            <Route key={row.path} path={row.path} element={row.element} caseSensitive />
          ))}
        </Route>
      </Routes>
    </SiteDataProvider>
  );
}

/**
 * The pattern of the table row that `path` matches, when no ranking is needed to know it: a
 * fixed path spelled exactly, or one of the two patterns (which no fixed path matches).
 * Anything else (other spellings, the not-found page) gets null: the full table.
 */
function certainPattern(path: string): string | null {
  if (Object.hasOwn(STATIC_PATHS, path)) return path;
  if (matchPath({ path: COURSE_LIST_PAGE_PATTERN, caseSensitive: true }, path)) return COURSE_LIST_PAGE_PATTERN;
  if (matchPath({ path: COURSE_PATTERN, caseSensitive: true }, path)) return COURSE_PATTERN;
  return null;
}

/** /courses/list/N: the list's page N when it exists (2 to the last), else the not-found page, as on the server. */
function ListPageRoute({ list, notFound }: { list: ReactNode; notFound: ReactNode }) {
  // The course index arrives with the entry script; the courses only with their group.
  const { courseIndex } = useSiteData();
  return matchPage(useLocation().pathname, courseIds(courseIndex)).found ? list : notFound;
}
