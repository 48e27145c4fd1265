import type { SiteData } from './site-data.ts';
import type { PageKey } from './routes.ts';
import { isCoursePath } from './titles.ts';
import { coursesShipWithPages } from './course-index.ts';

/** Top-level data every page needs (header, footer, titles); shipped with the entry script. */
export const COMMON_DATA_KEYS = ['site', 'agency', 'labels', 'navigation', 'titles', 'courseIndex', 'maxSavingsText'] as const satisfies readonly (keyof SiteData)[];

type PageDataKey = 'books' | 'bundles' | 'plans' | 'policies' | 'login';

/**
 * Each page's module, component and the data beyond `pages.<key>` it renders. The client
 * bundle gives every page its own chunk with just this data, so a first visit downloads
 * the framework, the chrome and one page.
 */
export const PAGE_REGISTRY: Record<PageKey, { module: string; component: string; data: readonly PageDataKey[] }> = {
  home: { module: 'pages/home.tsx', component: 'HomePage', data: [] },
  login: { module: 'pages/login.tsx', component: 'LoginPage', data: ['login'] },
  comingSoon: { module: 'pages/coming-soon.tsx', component: 'ComingSoonPage', data: [] },
  courses: { module: 'pages/courses.tsx', component: 'CoursesPage', data: [] },
  courseList: { module: 'pages/course-list.tsx', component: 'CourseListPage', data: [] },
  course: { module: 'pages/course-detail.tsx', component: 'CourseDetailPage', data: [] },
  about: { module: 'pages/about.tsx', component: 'AboutPage', data: [] },
  faq: { module: 'pages/faq.tsx', component: 'FaqPage', data: [] },
  contact: { module: 'pages/contact.tsx', component: 'ContactPage', data: [] },
  ebooks: { module: 'pages/ebooks.tsx', component: 'EbooksPage', data: ['books'] },
  bundles: { module: 'pages/bundles.tsx', component: 'BundlesPage', data: ['bundles'] },
  agencyHome: { module: 'pages/agency-home.tsx', component: 'AgencyHomePage', data: [] },
  payment: { module: 'pages/payment.tsx', component: 'PaymentPage', data: ['plans'] },
  policies: { module: 'pages/policies.tsx', component: 'PoliciesPage', data: ['policies'] },
  getStarted: { module: 'pages/get-started.tsx', component: 'GetStartedPage', data: ['plans'] },
  notFound: { module: 'pages/not-found.tsx', component: 'NotFoundPage', data: [] },
};

/** The slice of the data one page's chunk carries. */
export function pageData(data: SiteData, page: PageKey): Partial<SiteData> {
  const slice: Record<string, unknown> = { pages: { [page]: data.pages[page as keyof SiteData['pages']] } };
  for (const key of PAGE_REGISTRY[page].data) slice[key] = data[key];
  // A catalogue of one list page comes with the pages that show courses: nothing to fetch.
  if ((page === 'course' || page === 'courseList') && coursesShipWithPages(data.courseIndex)) slice.courses = data.courses;
  return slice as Partial<SiteData>;
}

/** The data shipped with the entry script. */
export function commonData(data: SiteData): Partial<SiteData> {
  const common: Record<string, unknown> = { pages: {} };
  for (const key of COMMON_DATA_KEYS) common[key] = data[key];
  // The fixed pages' titles only: a course page's title comes from the course index and
  // its group (titleForPath), so the entry script does not grow with the catalogue.
  common.titles = Object.fromEntries(Object.entries(data.titles).filter(([path]) => !isCoursePath(path)));
  return common as Partial<SiteData>;
}
