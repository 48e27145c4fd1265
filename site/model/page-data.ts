/*
 * What a page of the site renders, as plain data: the same for every page (the chrome:
 * LayoutData) and its own (PageData). The generator renders a page from exactly these two
 * and writes them into the page (for hydration) and beside it (index.json, for client-side
 * navigation), so the browser renders from the very data the server did, and the client
 * bundle carries code only.
 */
import type { BookView, CourseView, SiteData } from './site-data.ts';
import { COURSE_LIST, FAQ_LIST, listPageAt, STORE } from './paged-lists.ts';
import type { PageKey } from './page-table.ts';
import { COURSE_NOT_FOUND_PATH, normalizePath } from './routes.ts';

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

/**
 * What the root not-found page shows instead, once in the browser, at a /course/… path:
 * a host with one 404 page for every path serves it for an unknown course.
 */
export type CourseNotFound = Pages['course']['notFound'] & { documentTitle: string };

/** What a page reads: from the site's data and its path, its own data but its kind. */
type PageRead<K extends PageKey> = (site: SiteData, path: string) => { page: Pages[K] };

/**
 * What each kind of page reads besides its own section of content.yaml (pages.<kind>),
 * which is all a page not listed here reads: the page table's data column, kept apart
 * from page-table.ts because the browser carries part of that table but never reads the
 * site's data (the server gives each page its own).
 * A course page's course is the one its path names (null on the course not-found page);
 * a page of the course list, the store or the FAQ holds its own courses, books or questions.
 */
const PAGE_READS = {
  login: ({ pages, login }) => ({ page: pages.login, gate: login }),
  courseList: ({ pages, courses: all }, path): { page: Pages['courseList']; list: CourseListSlice } => {
    const { first, end, current, count } = listPageAt(COURSE_LIST, all.length, normalizePath(path));
    // A list shows each course's thumbnail; its page's picture is its page's alone.
    const courses = all.slice(first, end).map(({ hero: _hero, ...course }) => course);
    return { page: pages.courseList, list: { courses, first, current, count, items: all.length } };
  },
  course: (site, path): { page: Pages['course']; course: CourseView | null } => {
    const id = /^\/course\/([^/]+)$/.exec(normalizePath(path))?.[1];
    const found = id === undefined ? undefined : coursesById(site).get(id);
    if (!found) return { page: site.pages.course, course: null };
    const { thumbnail: _thumbnail, ...course } = found;
    return { page: site.pages.course, course };
  },
  faq: ({ pages }, path): { page: Pages['faq']; list: ListPosition } => {
    // The page's own questions, in the items' place.
    const { first, end, current, count } = listPageAt(FAQ_LIST, pages.faq.items.length, normalizePath(path));
    return { page: { ...pages.faq, items: pages.faq.items.slice(first, end) }, list: { first, current, count, items: pages.faq.items.length } };
  },
  ebooks: ({ pages, books }, path): { page: Pages['ebooks']; books: BookView[]; list: ListPosition } => {
    const { first, end, current, count } = listPageAt(STORE, books.length, normalizePath(path));
    return { page: pages.ebooks, books: books.slice(first, end), list: { first, current, count, items: books.length } };
  },
  bundles: ({ pages, bundles }) => ({ page: pages.bundles, bundles }),
  payment: ({ pages, plans }) => ({ page: pages.payment, plans }),
  policies: ({ pages, policies }) => ({ page: pages.policies, policies }),
  getStarted: ({ pages, plans }) => ({ page: pages.getStarted, plans }),
  notFound: ({ pages, titles }): { page: Pages['notFound']; courseNotFound: CourseNotFound } => ({
    page: pages.notFound,
    courseNotFound: { ...pages.course.notFound, documentTitle: titles[COURSE_NOT_FOUND_PATH]! },
  }),
} satisfies { [K in PageKey]?: PageRead<K> };

type Reads = typeof PAGE_READS;

/** The data of one page of the given kind: its kind, then what it reads. */
export type PageDataOf<K extends PageKey> = K extends PageKey
  ? { kind: K } & (K extends keyof Reads ? ReturnType<Reads[K]> : { page: Pages[K] })
  : never;

/** What one page shows besides the chrome; `kind` says which page component renders it. */
export type PageData = PageDataOf<PageKey>;

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

/** The data of the page `kind` at `path`: its kind, then what it reads (PAGE_READS), or only its own section. */
export function pageDataOf(site: SiteData, kind: PageKey, path: string): PageData {
  const read = (PAGE_READS as Partial<Record<PageKey, PageRead<PageKey>>>)[kind];
  return { kind, ...(read ? read(site, path) : { page: site.pages[kind] }) } as PageData;
}

/** The courses by their id as a URL writes it, made once per site. */
function coursesById(site: SiteData): ReadonlyMap<string, CourseView> {
  let byId = courseIndexes.get(site);
  if (!byId) courseIndexes.set(site, (byId = new Map(site.courses.map((course) => [String(course.id), course]))));
  return byId;
}
const courseIndexes = new WeakMap<SiteData, ReadonlyMap<string, CourseView>>();
