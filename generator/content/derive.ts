import { coursePath } from '../../site/model/routes.ts';
import type { Content } from '../../site/model/content-schema.ts';
import type { BundleView, LoginGate, SiteData } from '../../site/model/site-data.ts';
import { LOGIN_ITERATIONS } from './login-gate.ts';
import { buildTitles } from '../../site/model/titles.ts';
import { formatCents, toCents } from './money.ts';

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
    books: books.map(({ price: _price, ...book }) => book),
    bundles,
    plans: content.plans.map(({ price, ...plan }) => ({ ...plan, priceCents: toCents(price), priceText: formatCents(toCents(price), { wholeDollars: true }) })),
    maxSavingsText: formatCents(Math.max(0, ...bundles.map((bundle) => bundle.savingsCents))),
    login: options.login ?? NO_LOGIN,
  };
}
