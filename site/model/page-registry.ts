import type { PageKey } from './routes.ts';

/**
 * Each page's module under site/: the browser loads each as a chunk of its own
 * (pages/lazy.ts), and the generator finds that chunk by this name to preload it on the
 * page's HTML, so a first visit downloads the framework, the chrome and one page.
 */
export const PAGE_MODULES: Record<PageKey, string> = {
  home: 'site/pages/home.tsx',
  login: 'site/pages/login.tsx',
  comingSoon: 'site/pages/coming-soon.tsx',
  courses: 'site/pages/courses.tsx',
  courseList: 'site/pages/course-list.tsx',
  course: 'site/pages/course-detail.tsx',
  about: 'site/pages/about.tsx',
  faq: 'site/pages/faq.tsx',
  contact: 'site/pages/contact.tsx',
  ebooks: 'site/pages/ebooks.tsx',
  bundles: 'site/pages/bundles.tsx',
  agencyHome: 'site/pages/agency-home.tsx',
  payment: 'site/pages/payment.tsx',
  policies: 'site/pages/policies.tsx',
  getStarted: 'site/pages/get-started.tsx',
  notFound: 'site/pages/not-found.tsx',
};
