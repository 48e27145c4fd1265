import type { ComponentType } from 'react';
import type { PageKey } from '../model/routes.ts';
import { lazyPage, type LazyPage } from '../lazy-page.tsx';

/** A page loaded on demand: its module, and the component of it that is the page. */
const page = <M,>(load: () => Promise<M>, name: keyof M) => lazyPage(() => load().then((module) => module[name] as ComponentType));

/** Every page as a component loaded on demand: for the browser, where each page is a chunk of its own. */
export const LAZY_PAGES: Record<PageKey, LazyPage> = {
  home: page(() => import('./home.tsx'), 'HomePage'),
  login: page(() => import('./login.tsx'), 'LoginPage'),
  comingSoon: page(() => import('./coming-soon.tsx'), 'ComingSoonPage'),
  courses: page(() => import('./courses.tsx'), 'CoursesPage'),
  courseList: page(() => import('./course-list.tsx'), 'CourseListPage'),
  course: page(() => import('./course-detail.tsx'), 'CourseDetailPage'),
  about: page(() => import('./about.tsx'), 'AboutPage'),
  faq: page(() => import('./faq.tsx'), 'FaqPage'),
  contact: page(() => import('./contact.tsx'), 'ContactPage'),
  ebooks: page(() => import('./ebooks.tsx'), 'EbooksPage'),
  bundles: page(() => import('./bundles.tsx'), 'BundlesPage'),
  agencyHome: page(() => import('./agency-home.tsx'), 'AgencyHomePage'),
  payment: page(() => import('./payment.tsx'), 'PaymentPage'),
  policies: page(() => import('./policies.tsx'), 'PoliciesPage'),
  getStarted: page(() => import('./get-started.tsx'), 'GetStartedPage'),
  notFound: page(() => import('./not-found.tsx'), 'NotFoundPage'),
};
