import { layoutDataOf, pageDataOf, type DocumentData, type LayoutData } from '../../site/model/page-data.ts';
import { usesAgencyBrand, type PageKey } from '../../site/model/routes.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import type { RouteRecord } from '../content/collect-routes.ts';
import type { HeadInput } from '../outputs/head-meta.ts';
import { cardFile, ownsCard, pageCardOf, type PageCard } from '../outputs/page-cards.ts';
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

/** What decides which files a page makes: its route, and whether it has a card of its own. */
export type PageFilesOf = Pick<PageInput, 'route' | 'ownsCard'>;

/** The route of "/", whose card the pages without their own show. */
function homeOf(routes: readonly RouteRecord[]): RouteRecord {
  return routes.find((route) => route.path === '/')!;
}

/** A page's social image from content.yaml, which replaces its drawn card (aliases and not-found pages: home's). */
function photoOf(data: SiteData, route: RouteRecord, home: RouteRecord) {
  return data.socialImages[(ownsCard(route) ? route : home).page];
}

/** Whether a page writes a card of its own: one it owns, not replaced by a social image. */
function writesCard(data: SiteData, route: RouteRecord, home: RouteRecord): boolean {
  return ownsCard(route) && !photoOf(data, route, home);
}

/** Which files each route's page makes, in route order (see pageFiles), without making its input. */
export function pageFilesOf(data: SiteData, routes: readonly RouteRecord[]): PageFilesOf[] {
  const home = homeOf(routes);
  return routes.map((route) => ({ route, ownsCard: writesCard(data, route, home) }));
}

/** One route's page input. */
function pageInput(data: SiteData, route: RouteRecord, context: { layout: LayoutData; home: RouteRecord }): PageInput {
  const { layout, home } = context;
  const page = pageDataOf(data, route.page, route.path);
  return {
    route,
    document: { layout, route: { title: route.title, page } },
    head: {
      brand: usesAgencyBrand(route.page) ? data.agency.name : data.site.name,
      card: pageCardOf(data, route, home),
      photo: photoOf(data, route, home),
      jsonLd: structuredDataFor(data, page),
      // noindex only for the not-found pages. /login and /coming-soon stay out of the
      // sitemap but indexable: search engines may show them, and audits expect them crawlable.
      noindex: route.file.endsWith('404.html'),
    },
    ownsCard: writesCard(data, route, home),
  };
}

/** What a page's own card is drawn from: its text and the theme colour. */
export interface CardInput {
  card: PageCard;
  themeColor: string;
}

/** The card a page draws, from its whole input; null when it writes none. */
export function cardInputOf(input: PageInput): CardInput | null {
  return input.ownsCard ? { card: input.head.card, themeColor: input.document.layout.site.themeColor } : null;
}

/** Makes the card input of a route's page, by its index in `routes`, without making the page's input. */
export function cardInputMaker(data: SiteData, routes: readonly RouteRecord[]): (index: number) => CardInput | null {
  const home = homeOf(routes);
  return (index) => {
    const route = routes[index]!;
    return writesCard(data, route, home) ? { card: pageCardOf(data, route, home), themeColor: data.site.themeColor } : null;
  };
}

/**
 * Makes the input of a route's page, by its index in `routes`, when asked: anew each time,
 * and kept by no one, so that a build holds the input of the page it renders (a worker:
 * of its batch), and makes only those of the pages it renders (or walks for images).
 */
export function pageInputMaker(data: SiteData, routes: readonly RouteRecord[]): (index: number) => PageInput {
  const context = { layout: layoutDataOf(data), home: homeOf(routes) };
  return (index) => pageInput(data, routes[index]!, context);
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

/** The pages of the catalogue, as many as there are courses: keyed by what they are made from (pageKeyMaker). */
const CATALOGUE: ReadonlySet<PageKey> = new Set(['course', 'courseList']);

/**
 * What every catalogue page of a kind reads besides its route and its courses: its page's
 * labels, the site block (name, URL, language: the brand, card and structured data), the
 * kind's social image, and (course list pages: "numberOfItems") how many courses there are.
 */
function catalogueDigest(data: SiteData, kind: PageKey): string {
  const page = data.pages[kind as 'course' | 'courseList'];
  const courseCount = kind === 'courseList' ? data.courses.length : null;
  return digest(JSON.stringify({ kind, page, site: data.site, photo: data.socialImages[kind] ?? null, courseCount }));
}

/**
 * What a catalogue page shows that no other page of its kind does: a course page its
 * course, a page of the course list its courses and where it is in the list.
 */
function catalogueOwn(data: SiteData, route: RouteRecord): unknown {
  const page = pageDataOf(data, route.page, route.path);
  if (page.kind === 'course') return page.course;
  if (page.kind === 'courseList') return page.list;
  throw new Error(`${route.path} is not a catalogue page`);
}

/**
 * Makes a route's key, by its index in `routes`, when asked: to compare it with the last
 * build's, or to record it once the page is rendered. A build with no record to compare
 * with renders every page and keys each as it renders: it never holds the keys of the
 * whole site before its first page. The pages of the catalogue that own their card (a
 * course, a page of the course list) are keyed by what their input is made from: the
 * route, what the page alone shows (catalogueOwn) and what every page of its kind reads
 * (catalogueDigest): a fraction of the bytes of the input they make (which the course,
 * the card and the structured data repeat), and the input is made only if the page
 * renders. Every other page is keyed by its input (pageKey), made by `inputOf`.
 */
export function pageKeyMaker(data: SiteData, routes: readonly RouteRecord[], shared: string, inputOf: (index: number) => PageInput): (index: number) => string {
  const kinds = new Map<PageKey, string>();
  const kindDigest = (kind: PageKey) => kinds.get(kind) ?? kinds.set(kind, catalogueDigest(data, kind)).get(kind)!;
  return (index) => {
    const route = routes[index]!;
    if (!CATALOGUE.has(route.page) || !ownsCard(route)) return pageKey(inputOf(index), shared);
    return digest(`${shared}\0${kindDigest(route.page)}\0${JSON.stringify(route)}\0${JSON.stringify(catalogueOwn(data, route))}`);
  };
}

/** The files a page makes under out/: its HTML, its data (index.json) and its own card. */
export function pageFiles(page: PageFilesOf): string[] {
  const json = routeDataFile(page.route);
  return [page.route.file, ...(json ? [json] : []), ...(page.ownsCard ? [cardFile(page.route.canonical)] : [])];
}
