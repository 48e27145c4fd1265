import { layoutDataOf, pageDataOf, type DocumentData, type LayoutData } from '../../site/model/page-data.ts';
import { usesAgencyBrand } from '../../site/model/routes.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import type { RouteRecord } from '../content/collect-routes.ts';
import type { HeadInput } from '../outputs/head-meta.ts';
import { cardFile, ownsCard, pageCardOf } from '../outputs/page-cards.ts';
import { structuredDataFor } from '../outputs/structured-data.ts';
import { digest } from './digest.ts';
import { routeDataFile } from './render-pages.ts';

/**
 * Everything one page's files (its HTML, its index.json, its card) are made from, as
 * plain data. Rendering reads nothing else, beside what is the same for every page (the
 * code, the document template, the asset names): so a page whose input is unchanged
 * would render to the same bytes, and need not be rendered at all.
 */
export interface PageInput {
  route: RouteRecord;
  document: DocumentData;
  head: HeadInput;
  /** Whether the page writes a card of its own (social/<slug>.png). */
  ownsCard: boolean;
}

/** The inputs of every route's page, in route order. */
export function pageInputs(data: SiteData, routes: readonly RouteRecord[]): PageInput[] {
  const layout = layoutDataOf(data);
  const home = routes.find((route) => route.path === '/')!;
  return routes.map((route) => {
    const page = pageDataOf(data, route.page, route.path);
    const card = pageCardOf(data, route, home);
    // A page's social image from content.yaml replaces its drawn card (aliases and not-found pages: home's).
    const photo = data.socialImages[(ownsCard(route) ? route : home).page];
    return {
      route,
      document: { layout, route: { title: route.title, page } },
      head: {
        brand: usesAgencyBrand(route.page) ? data.agency.name : data.site.name,
        card,
        photo,
        jsonLd: structuredDataFor(data, page),
        // noindex only for the not-found pages. /login and /coming-soon stay out of the
        // sitemap but indexable: search engines may show them, and audits expect them crawlable.
        noindex: route.file.endsWith('404.html'),
      },
      ownsCard: ownsCard(route) && !photo,
    };
  });
}

/** A digest of the layout data, which every page shares: hashed once, not once per page. */
export function layoutDigest(layout: LayoutData): string {
  return digest(JSON.stringify(layout));
}

/**
 * A page's key: the hash of its input and of `shared`, what every page is made from (the
 * build fingerprint: code, dependencies, template, assets; and the layout's digest). Two
 * builds render a page to the same bytes exactly when its key is the same.
 */
export function pageKey(input: PageInput, shared: string): string {
  const { route, document, head, ownsCard: owns } = input;
  return digest(`${shared}\0${JSON.stringify({ route, data: document.route, head, owns })}`);
}

/** The files a page makes under out/: its HTML, its data (index.json) and its own card. */
export function pageFiles(page: PageInput): string[] {
  const json = routeDataFile(page.route);
  return [page.route.file, ...(json ? [json] : []), ...(page.ownsCard ? [cardFile(page.route.canonical)] : [])];
}
