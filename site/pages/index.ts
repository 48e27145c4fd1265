import type { ComponentType } from 'react';
import type { PageKey } from '../model/routes.ts';
import { AboutPage } from './about.tsx';
import { AgencyHomePage } from './agency-home.tsx';
import { BundlesPage } from './bundles.tsx';
import { ComingSoonPage } from './coming-soon.tsx';
import { ContactPage } from './contact.tsx';
import { CourseDetailPage } from './course-detail.tsx';
import { CourseListPage } from './course-list.tsx';
import { CoursesPage } from './courses.tsx';
import { EbooksPage } from './ebooks.tsx';
import { FaqPage } from './faq.tsx';
import { GetStartedPage } from './get-started.tsx';
import { HomePage } from './home.tsx';
import { LoginPage } from './login.tsx';
import { NotFoundPage } from './not-found.tsx';
import { PaymentPage } from './payment.tsx';
import { PoliciesPage } from './policies.tsx';

/** Every page component, loaded at once: for server rendering. The client loads them per page. */
export const PAGES: Record<PageKey, ComponentType> = {
  home: HomePage,
  login: LoginPage,
  comingSoon: ComingSoonPage,
  courses: CoursesPage,
  courseList: CourseListPage,
  course: CourseDetailPage,
  about: AboutPage,
  faq: FaqPage,
  contact: ContactPage,
  ebooks: EbooksPage,
  bundles: BundlesPage,
  agencyHome: AgencyHomePage,
  payment: PaymentPage,
  policies: PoliciesPage,
  getStarted: GetStartedPage,
  notFound: NotFoundPage,
};
