import { usesAgencyBrand } from '../../site/model/routes.ts';
import type { LayoutData } from '../../site/model/page-data.ts';
import type { RouteRecord } from '../plan/routes.ts';

/*
 * Which social card each page shows, and what it says, as plain data: a page's input
 * (plan/page-input.ts) holds it, and social-cards.ts draws it. Nothing here draws.
 */

/** What a card shows. */
export interface CardText {
  /** The page's own title, without the brand suffix. */
  title: string;
  /** The community's or the agency's name. */
  brand: string;
  description: string;
  /** The site's host, printed at the bottom: where the link goes. */
  host: string;
}

/** The slug of a canonical path: "/" is "home", "/agency/payment" is "agency-payment". */
export function cardSlug(canonical: string): string {
  return canonical === '/' ? 'home' : canonical.slice(1).replace(/\//g, '-');
}

/** The brand a page belongs to: the agency's for agency pages, the community's elsewhere. */
export function brandOf(data: LayoutData, route: RouteRecord): string {
  return usesAgencyBrand(route.page) ? data.agency.name : data.site.name;
}

/** The card text of a route: its title before the first " | ", its brand and description. */
export function cardTextFor(data: LayoutData, route: RouteRecord): CardText {
  return {
    title: route.title.split(' | ')[0] ?? route.title,
    brand: brandOf(data, route),
    description: route.description,
    host: hostOf(data.site.url),
  };
}

/** The host of the site's URL, parsed once for the thousands of cards of a large site. */
function hostOf(url: string): string {
  let host = hosts.get(url);
  if (host === undefined) hosts.set(url, (host = new URL(url).host));
  return host;
}
const hosts = new Map<string, string>();

/** The card a page shows: whose it is (its canonical path names the file) and what it says. */
export interface PageCard {
  canonical: string;
  text: CardText;
}

/** What a page's own card is drawn from: its text and the theme colour. */
export interface CardInput {
  card: PageCard;
  themeColor: string;
}

/** Where a card is written: social/<slug>.png. */
export function cardFile(canonical: string): string {
  return `social/${cardSlug(canonical)}.png`;
}

/** Whether a route has a card of its own: canonical pages do; aliases (/home) and not-found pages show another's. */
export function hasOwnCard(route: RouteRecord): boolean {
  return route.canonical === route.path && route.file.endsWith('index.html');
}

