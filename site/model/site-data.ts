/*
 * What the pages render: content.yaml as validated (content-schema.ts), with the values
 * computed once at build time (generator/content/derive.ts): prices in cents and as text,
 * bundle originals and savings, course links, page titles. Types only.
 */
import type { Book, Content, Course, Plan } from './content-schema.ts';
import type { IconName } from './icons.ts';
import type { ImageView } from './images.ts';

/** A course as pages show it: where its Open Course button goes, its pictures for the list and its page. */
export interface CourseView extends Omit<Course, 'thumbnail'> {
  href: string;
  external: boolean;
  thumbnail?: ImageView;
  hero?: ImageView;
}

/** A book with its price in cents and as text, and its cover when it has a designed one. */
export interface BookView extends Omit<Book, 'price' | 'cover'> {
  priceCents: number;
  priceText: string;
  cover?: ImageView;
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
  cover?: ImageView;
}

export interface PlanView extends Omit<Plan, 'price'> {
  priceCents: number;
  priceText: string;
}

/** What the browser needs to check a login: never the credentials, only a salted hash. */
export interface LoginGate {
  /** Hex salt. */
  salt: string;
  iterations: number;
  /** Hex PBKDF2-SHA-256 of "username\npassword"; null when no credentials are configured. */
  hash: string | null;
}

type ContentPages = Content['pages'];

/** The pages' own content, their images as views; a page's social image is apart (SiteData.socialImages), for its head. */
export type PagesView = { [K in keyof ContentPages]: Omit<ContentPages[K], 'socialImage' | 'founderPhoto'> } & {
  about: { founderPhoto?: ImageView };
};

/** Everything the pages render. Computed once at build time. */
export interface SiteData extends Omit<Content, 'site' | 'pages' | 'courses' | 'books' | 'bundles' | 'plans'> {
  site: Omit<Content['site'], 'logo'> & { logo?: ImageView };
  pages: PagesView;
  /** The images that replace pages' drawn social cards, by page. */
  socialImages: Partial<Record<keyof ContentPages, ImageView>>;
  courses: CourseView[];
  books: BookView[];
  bundles: BundleView[];
  plans: PlanView[];
  /** The largest saving of any bundle, for "save up to" copy. */
  maxSavingsText: string;
  /** The login gate's salted hash (never the credentials). */
  login: LoginGate;
  /** Every page's document title by path. */
  titles: Record<string, string>;
}
