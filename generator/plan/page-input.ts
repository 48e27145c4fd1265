import type { ImageView } from '../../site/model/images.ts';
import { pageDataOf, type DocumentData, type LayoutData, type PageData } from '../../site/model/page-data.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { brandOf, cardFile, cardTextFor, hasOwnCard, type CardInput, type PageCard } from '../cards/page-cards.ts';
import type { HeadInput } from '../render/head-meta.ts';
import { routeDataFile } from '../render/render-page.ts';
import type { RouteRecord } from './routes.ts';

/**
 * What one page is made from besides what every page shares (the code, the template, the
 * asset names, the layout: plan/page-key.ts), as plain data: its route, its own data, the
 * card it shows and the image that replaces it. Its document, head and structured data
 * follow from these and the layout, so a page whose input is unchanged renders to the same
 * bytes, and need not be rendered at all.
 */
export interface PageInput {
  route: RouteRecord;
  /** What its page component shows besides the layout. */
  page: PageData;
  /** The route whose card it shows when it has none of its own (aliases and not-found pages show the home page's). */
  cardOwner: RouteRecord | null;
  /** The social image from content.yaml that replaces its card, if any. */
  photo?: ImageView;
  /** Whether it draws a card of its own (social/<slug>.png): it has one, and no social image replaces it. */
  drawsCard: boolean;
}

/** Makes the input of any route's page of `data` (kept by no one: a build holds the inputs of a batch, never the site's). */
export function pageInputMaker(data: SiteData, routes: readonly RouteRecord[]): (route: RouteRecord) => PageInput {
  const home = routes.find((route) => route.path === '/')!;
  return (route) => {
    const cardOwner = hasOwnCard(route) ? null : home;
    const photo = data.socialImages[(cardOwner ?? route).page];
    return { route, page: pageDataOf(data, route.page, route.path), cardOwner, photo, drawsCard: !cardOwner && !photo };
  };
}

/** What a page's HTML carries for hydration: the layout's data and its own. */
export function documentOf(input: PageInput, layout: LayoutData): DocumentData {
  return { layout, route: { title: input.route.title, page: input.page } };
}

/** The card a page shows: whose it is (its canonical path names the file) and what it says. */
function cardOf(input: PageInput, layout: LayoutData): PageCard {
  const owner = input.cardOwner ?? input.route;
  return { canonical: owner.canonical, text: cardTextFor(layout, owner) };
}

/** What a page's head says beyond the template's fields. */
export function headOf(input: PageInput, layout: LayoutData): HeadInput {
  return {
    brand: brandOf(layout, input.route),
    card: cardOf(input, layout),
    photo: input.photo,
    // noindex only for the not-found pages. /login and /coming-soon stay out of the
    // sitemap but indexable: search engines may show them, and audits expect them crawlable.
    noindex: input.route.file.endsWith('404.html'),
  };
}

/** Whether a route's page of `data` draws a card of its own: it has one, and no social image replaces it (see pageInputMaker). */
export function drawsCardOf(data: SiteData): (route: RouteRecord) => boolean {
  return (route) => hasOwnCard(route) && !data.socialImages[route.page];
}

/** Makes the card any route's page of `data` draws (null: none), without making the page's input. */
export function cardInputMaker(data: SiteData, layout: LayoutData): (route: RouteRecord) => CardInput | null {
  const drawsCard = drawsCardOf(data);
  return (route) => (drawsCard(route) ? { card: { canonical: route.canonical, text: cardTextFor(layout, route) }, themeColor: layout.site.themeColor } : null);
}

/** The card a page draws; null when it draws none. */
export function cardInputOf(input: PageInput, layout: LayoutData): CardInput | null {
  return input.drawsCard ? { card: cardOf(input, layout), themeColor: layout.site.themeColor } : null;
}

/** The files a page makes under out/: its HTML, its data (index.json) and its own card. */
export function pageFiles(input: Pick<PageInput, 'route' | 'drawsCard'>): string[] {
  const json = routeDataFile(input.route);
  return [input.route.file, ...(json ? [json] : []), ...(input.drawsCard ? [cardFile(input.route.canonical)] : [])];
}
