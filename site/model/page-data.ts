/*
 * What a page of the site renders, as plain data: the same for every page (the chrome:
 * LayoutData) and its own (PageData). The generator renders a page from exactly these two
 * and writes them into the page (for hydration) and beside it (index.json, for client-side
 * navigation), so the browser renders from the very data the server did, and the client
 * bundle carries code only.
 */
import type { BookView, BundleView, CourseView, LoginGate, PlanView, SiteData } from './site-data.ts';
import { COURSE_LIST, FAQ_LIST, listPageAt, STORE } from './paged-lists.ts';
import { COURSE_NOT_FOUND_PATH, normalizePath, type PageKey } from './routes.ts';

type Pages = SiteData['pages'];

/** What the chrome around every page shows: header, footer, floating button, labels. */
export interface LayoutData {
  site: SiteData['site'];
  agency: SiteData['agency'];
  labels: SiteData['labels'];
  navigation: SiteData['navigation'];
}

/** Where one page of a paged list stands: its first item's index, its number, how many pages there are and how many items in all. */
export interface ListPosition {
  first: number;
  current: number;
  count: number;
  items: number;
}

/** One page of the course list: its courses, numbered from `first`. */
export interface CourseListSlice extends ListPosition {
  courses: CourseView[];
}

/** What one page shows besides the chrome; `kind` says which page component renders it. */
export type PageData =
  | { kind: 'home'; page: Pages['home'] }
  | { kind: 'login'; page: Pages['login']; gate: LoginGate }
  | { kind: 'comingSoon'; page: Pages['comingSoon'] }
  | { kind: 'courses'; page: Pages['courses'] }
  | { kind: 'courseList'; page: Pages['courseList']; list: CourseListSlice }
  | { kind: 'course'; page: Pages['course']; course: CourseView | null }
  | { kind: 'about'; page: Pages['about'] }
  | { kind: 'faq'; page: Pages['faq']; list: ListPosition }
  | { kind: 'contact'; page: Pages['contact'] }
  | { kind: 'ebooks'; page: Pages['ebooks']; books: BookView[]; list: ListPosition }
  | { kind: 'bundles'; page: Pages['bundles']; bundles: BundleView[] }
  | { kind: 'agencyHome'; page: Pages['agencyHome'] }
  | { kind: 'payment'; page: Pages['payment']; plans: PlanView[] }
  | { kind: 'policies'; page: Pages['policies']; policies: SiteData['policies'] }
  | { kind: 'getStarted'; page: Pages['getStarted']; plans: PlanView[] }
  | { kind: 'notFound'; page: Pages['notFound']; courseNotFound: CourseNotFound };

/**
 * What the root not-found page shows instead, once in the browser, at a /course/… path:
 * a host with one 404 page for every path serves it for an unknown course.
 */
export type CourseNotFound = Pages['course']['notFound'] & { documentTitle: string };

/** The data of one page of the given kind. */
export type PageDataOf<K extends PageKey> = Extract<PageData, { kind: K }>;

/** A route's data as the browser fetches it when it navigates there: its document title and page. */
export interface RouteData {
  title: string;
  page: PageData;
}

/** What a page's HTML carries for hydration: the chrome's data and its own. */
export interface DocumentData {
  layout: LayoutData;
  route: RouteData;
}

/** The chrome's data, the same on every page. */
export function layoutDataOf(site: SiteData): LayoutData {
  return { site: site.site, agency: site.agency, labels: site.labels, navigation: site.navigation };
}

/**
 * The data of the page `kind` at `path`: a course page's course is the one its path
 * names (null on the course not-found page); a page of the course list, the store or the
 * FAQ holds its own courses, books or questions.
 */
export function pageDataOf(site: SiteData, kind: PageKey, path: string): PageData {
  const { pages } = site;
  switch (kind) {
    case 'home':
    case 'comingSoon':
    case 'courses':
    case 'about':
    case 'contact':
    case 'agencyHome':
      return { kind, page: pages[kind] } as PageData;
    case 'notFound':
      return { kind, page: pages.notFound, courseNotFound: { ...pages.course.notFound, documentTitle: site.titles[COURSE_NOT_FOUND_PATH]! } };
    case 'login':
      return { kind, page: pages.login, gate: site.login };
    case 'courseList': {
      const { first, end, current, count } = listPageAt(COURSE_LIST, site.courses.length, path);
      // A list shows each course's thumbnail; its page's picture is its page's alone.
      const courses = site.courses.slice(first, end).map(({ hero: _hero, ...course }) => course);
      return { kind, page: pages.courseList, list: { courses, first, current, count, items: site.courses.length } };
    }
    case 'course': {
      const id = /^\/course\/([^/]+)$/.exec(normalizePath(path))?.[1];
      const found = id === undefined ? undefined : coursesById(site).get(id);
      if (!found) return { kind, page: pages.course, course: null };
      const { thumbnail: _thumbnail, ...course } = found;
      return { kind, page: pages.course, course };
    }
    case 'faq': {
      // The page's own questions, in the items' place.
      const { first, end, current, count } = listPageAt(FAQ_LIST, pages.faq.items.length, path);
      return { kind, page: { ...pages.faq, items: pages.faq.items.slice(first, end) }, list: { first, current, count, items: pages.faq.items.length } };
    }
    case 'ebooks': {
      const { first, end, current, count } = listPageAt(STORE, site.books.length, path);
      return { kind, page: pages.ebooks, books: site.books.slice(first, end), list: { first, current, count, items: site.books.length } };
    }
    case 'bundles':
      return { kind, page: pages.bundles, bundles: site.bundles };
    case 'payment':
    case 'getStarted':
      return { kind, page: pages[kind], plans: site.plans } as PageData;
    case 'policies':
      return { kind, page: pages.policies, policies: site.policies };
  }
}

/** The courses by their id as a URL writes it, made once per site. */
function coursesById(site: SiteData): ReadonlyMap<string, CourseView> {
  let byId = courseIndexes.get(site);
  if (!byId) courseIndexes.set(site, (byId = new Map(site.courses.map((course) => [String(course.id), course]))));
  return byId;
}
const courseIndexes = new WeakMap<SiteData, ReadonlyMap<string, CourseView>>();

/** Where a route's data is served: index.json beside the page's index.html. */
export function routeDataUrl(pathname: string): string {
  const path = normalizePath(pathname);
  return path === '/' ? '/index.json' : `${path}/index.json`;
}
