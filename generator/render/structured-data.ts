import type { BookView, BundleView, CourseView } from '../../site/model/site-data.ts';
import { centsToDecimal } from '../content/money.ts';
import { coursePath } from '../../site/model/routes.ts';
import type { LayoutData, PageData } from '../../site/model/page-data.ts';

/*
 * schema.org structured data (JSON-LD) per page. A `<script type="application/ld+json">`
 * is a data block: browsers never execute it, so the Content-Security-Policy's script-src
 * does not apply and no hash is needed. FAQPage is left out on purpose: Google shows FAQ
 * rich results only to a few authoritative sites now.
 */

type Json = { [key: string]: unknown };

const CONTEXT = 'https://schema.org';

function absolute(data: LayoutData, path: string): string {
  return `${data.site.url}${path}`;
}

/** The community: on the landing page and /about. */
export function communityOrganization(data: LayoutData): Json {
  return {
    '@type': 'Organization',
    '@id': `${data.site.url}/#organization`,
    name: data.site.name,
    url: `${data.site.url}/`,
    logo: absolute(data, '/icon-512.png'),
    description: data.site.tagline,
    email: data.site.email,
    founder: { '@type': 'Person', name: data.site.founder },
    sameAs: [data.site.discordUrl],
  };
}

/** The agency: on /agency, its sub-pages and /get-started. */
export function agencyOrganization(data: LayoutData): Json {
  return {
    '@type': 'Organization',
    '@id': `${data.site.url}/agency#organization`,
    name: data.agency.name,
    url: absolute(data, '/agency'),
    logo: absolute(data, '/icon-512.png'),
    description: data.agency.tagline,
    email: data.agency.email,
    telephone: data.agency.phone.href.replace(/^tel:/, ''),
    founder: { '@type': 'Person', name: data.site.founder },
    parentOrganization: { '@id': `${data.site.url}/#organization` },
  };
}

/** "40 min" to ISO 8601 "PT40M"; undefined when the text has no minutes. */
function isoMinutes(duration: string): string | undefined {
  const minutes = /(\d+)\s*min/i.exec(duration) ?? /^\s*(\d+)\s*$/.exec(duration);
  return minutes ? `PT${minutes[1]}M` : undefined;
}

function course(data: LayoutData, item: CourseView): Json {
  return {
    '@type': 'Course',
    name: item.title,
    description: item.description,
    url: absolute(data, coursePath(item.id)),
    provider: { '@type': 'Organization', name: data.site.name, sameAs: `${data.site.url}/` },
    educationalLevel: item.level,
    timeRequired: isoMinutes(item.duration),
    isAccessibleForFree: true,
    inLanguage: data.site.language,
  };
}

/** A product sold through a hosted checkout: its Offer carries the price as rendered. */
function product(data: LayoutData, item: { name: string; description: string; priceCents: number; checkoutUrl: string; sku: string }): Json {
  return {
    '@type': 'Product',
    name: item.name,
    description: item.description,
    sku: item.sku,
    brand: { '@type': 'Brand', name: data.site.name },
    offers: {
      '@type': 'Offer',
      price: centsToDecimal(item.priceCents),
      priceCurrency: 'USD',
      url: item.checkoutUrl,
      availability: 'https://schema.org/InStock',
    },
  };
}

const bookProduct = (data: LayoutData, book: BookView) =>
  product(data, { name: book.title, description: book.description, priceCents: book.priceCents, checkoutUrl: book.checkoutUrl, sku: `book-${book.id}` });
const bundleProduct = (data: LayoutData, bundle: BundleView) =>
  product(data, { name: bundle.title, description: bundle.description, priceCents: bundle.priceCents, checkoutUrl: bundle.checkoutUrl, sku: `bundle-${bundle.id}` });

function graph(items: Json[]): Json {
  return items.length === 1 ? { '@context': CONTEXT, ...items[0] } : { '@context': CONTEXT, '@graph': items };
}

/**
 * The structured data of one page, from what it shows (`page`) and the layout every page
 * shares (the site and the agency): nothing else, so it changes only with the page's key.
 * Null where none applies (login, 404, …).
 */
export function structuredDataFor(data: LayoutData, page: PageData): Json | null {
  switch (page.kind) {
    case 'home':
    case 'about':
      return graph([communityOrganization(data)]);
    case 'agencyHome':
    case 'payment':
    case 'policies':
    case 'getStarted':
      return graph([agencyOrganization(data)]);
    case 'courseList':
      // The courses this page of the list shows, numbered as on the page.
      return graph([
        {
          '@type': 'ItemList',
          numberOfItems: page.list.items,
          itemListElement: page.list.courses.map((item, index) => ({ '@type': 'ListItem', position: page.list.first + index + 1, item: course(data, item) })),
        },
      ]);
    case 'course':
      return page.course ? graph([course(data, page.course)]) : null;
    case 'ebooks':
      // The books this page of the store shows.
      return graph(page.books.map((book) => bookProduct(data, book)));
    case 'bundles':
      return graph(page.bundles.map((bundle) => bundleProduct(data, bundle)));
    default:
      return null;
  }
}
