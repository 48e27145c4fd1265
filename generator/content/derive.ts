import type { IconName } from '../../site/components/ui/icon-paths.ts';
import { coursePath } from '../../site/routes.ts';
import type { Book, Content, Course, Plan } from './schema.ts';
import { LOGIN_ITERATIONS, type LoginGate } from '../login-hash.ts';
import { buildTitles } from '../../site/page-meta.ts';
import { courseIndexOf, type CourseIndex } from '../../site/course-index.ts';
import { formatCents, toCents } from './money.ts';

/** A course as pages show it: where its Open Course button goes. */
export interface CourseView extends Course {
  href: string;
  external: boolean;
}

/** A book with its price in cents and as text. */
export interface BookView extends Omit<Book, 'price'> {
  priceCents: number;
  priceText: string;
}

/** A bundle with computed original price and savings; books resolved to title and icon. */
export interface BundleView {
  id: string;
  title: string;
  description: string;
  icon: IconName;
  checkoutUrl: string;
  featured: boolean;
  priceCents: number;
  originalCents: number;
  savingsCents: number;
  priceText: string;
  originalText: string;
  savingsText: string;
  books: { id: number; title: string; icon: IconName }[];
}

export interface PlanView extends Omit<Plan, 'price'> {
  priceCents: number;
  priceText: string;
}

/** Everything the pages render. Computed once at build time; also the client's data module. */
export interface SiteData extends Omit<Content, 'courses' | 'books' | 'bundles' | 'plans'> {
  courses: CourseView[];
  books: BookView[];
  bundles: BundleView[];
  plans: PlanView[];
  /** The largest saving of any bundle, for "save up to" copy. */
  maxSavingsText: string;
  /** The login gate's salted hash (never the credentials). */
  login: LoginGate;
  /** Every page's document title by path (the client updates the title on navigation). */
  titles: Record<string, string>;
  /** The course ids in list order and how course pages are titled (all the client gets of the courses up front). */
  courseIndex: CourseIndex;
}

const NO_LOGIN: LoginGate = { salt: '', iterations: LOGIN_ITERATIONS, hash: null };

/** Computes prices in cents, bundle originals and savings, and course link targets. */
export function deriveContent(content: Content, options: { login?: LoginGate } = {}): SiteData {
  const books = content.books.map((book) => ({ ...book, priceCents: toCents(book.price), priceText: formatCents(toCents(book.price)) }));
  const byId = new Map(books.map((book) => [book.id, book]));
  const bundles = content.bundles.map((bundle): BundleView => {
    const contained = bundle.books.map((id) => byId.get(id)!);
    const priceCents = toCents(bundle.price);
    const originalCents = contained.reduce((sum, book) => sum + book.priceCents, 0);
    const savingsCents = originalCents - priceCents;
    return {
      id: bundle.id,
      title: bundle.title,
      description: bundle.description,
      icon: bundle.icon,
      checkoutUrl: bundle.checkoutUrl,
      featured: bundle.featured ?? false,
      priceCents,
      originalCents,
      savingsCents,
      priceText: formatCents(priceCents),
      originalText: formatCents(originalCents),
      savingsText: formatCents(savingsCents),
      books: contained.map((book) => ({ id: book.id, title: book.title, icon: book.icon })),
    };
  });
  const courses = content.courses.map((course) => ({
      ...course,
      href: course.videoUrl ?? coursePath(course.id),
      external: course.videoUrl !== undefined,
    }));
  return {
    ...content,
    courses,
    titles: buildTitles({ ...content, courses }),
    courseIndex: courseIndexOf(courses, { listTitle: content.pages.courseList.title, heading: content.pages.courseList.heading }),
    books: books.map(({ price: _price, ...book }) => book),
    bundles,
    plans: content.plans.map(({ price, ...plan }) => ({ ...plan, priceCents: toCents(price), priceText: formatCents(toCents(price), { wholeDollars: true }) })),
    maxSavingsText: formatCents(Math.max(0, ...bundles.map((bundle) => bundle.savingsCents))),
    login: options.login ?? NO_LOGIN,
  };
}
