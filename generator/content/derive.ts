import { coursePath } from '../../site/model/routes.ts';
import type { Content } from '../../site/model/content-schema.ts';
import type { BundleView, LoginGate, PagesView, SiteData } from '../../site/model/site-data.ts';
import { NO_IMAGES, type SiteImages } from '../images/site-images.ts';
import { LOGIN_ITERATIONS } from './login-gate.ts';
import { buildTitles } from '../../site/model/titles.ts';
import { formatCents, toCents } from './money.ts';

const NO_LOGIN: LoginGate = { salt: '', iterations: LOGIN_ITERATIONS, hash: null };

/** Computes prices in cents, bundle originals and savings, course link targets, and puts each image's view where its field was. */
export function deriveContent(content: Content, options: { login?: LoginGate; images?: SiteImages } = {}): SiteData {
  const images = options.images ?? NO_IMAGES;
  const books = content.books.map(({ cover: _cover, ...book }, index) => ({
    ...book,
    priceCents: toCents(book.price),
    priceText: formatCents(toCents(book.price)),
    cover: images.view(['books', index, 'cover'], 'bookCover'),
  }));
  const byId = new Map(books.map((book) => [book.id, book]));
  const bundles = content.bundles.map((bundle, index): BundleView => {
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
      cover: images.view(['bundles', index, 'cover'], 'bundleCover'),
    };
  });
  const courses = content.courses.map(({ thumbnail: _thumbnail, ...course }, index) => ({
    ...course,
    href: course.videoUrl ?? coursePath(course.id),
    external: course.videoUrl !== undefined,
    thumbnail: images.view(['courses', index, 'thumbnail'], 'courseThumbnail'),
    hero: images.view(['courses', index, 'thumbnail'], 'courseHero'),
  }));
  const { logo: _logo, ...siteFields } = content.site;
  const site = { ...siteFields, logo: images.view(['site', 'logo'], 'logo') };
  const socialImages: SiteData['socialImages'] = {};
  const pages = Object.fromEntries(
    Object.entries(content.pages).map(([key, page]) => {
      const { socialImage: _social, ...fields } = page as typeof page & { socialImage?: unknown };
      const social = images.view(['pages', key, 'socialImage'], 'social');
      if (social) socialImages[key as keyof Content['pages']] = social;
      return [key, fields];
    }),
  ) as PagesView;
  const { founderPhoto: _photo, ...about } = pages.about as typeof pages.about & { founderPhoto?: unknown };
  pages.about = { ...about, founderPhoto: images.view(['pages', 'about', 'founderPhoto'], 'portrait') };
  return {
    ...content,
    site,
    pages,
    socialImages,
    courses,
    titles: buildTitles({ ...content, site, pages, courses }),
    books: books.map(({ price: _price, ...book }) => book),
    bundles,
    plans: content.plans.map(({ price, ...plan }) => ({ ...plan, priceCents: toCents(price), priceText: formatCents(toCents(price), { wholeDollars: true }) })),
    maxSavingsText: formatCents(Math.max(0, ...bundles.map((bundle) => bundle.savingsCents))),
    login: options.login ?? NO_LOGIN,
  };
}
