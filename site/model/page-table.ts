/*
 * Every kind of page, once, listed under the chrome that wraps it: the paths that show it
 * and whose name its title carries; its component is site/pages/<its key in kebab-case>.tsx
 * (getStarted: get-started.tsx). The page key, the static paths, the chrome of a path, the
 * brand of a title, the page modules and the page components (server and browser) are
 * derived from it. What each page reads from the site's data is page-data.ts's PAGE_READS:
 * the browser never reads the site's data, so it is kept apart.
 *
 * A new page: an entry here, its component in site/pages/ and its section of content.yaml
 * in content-schema.ts (and an entry in PAGE_READS if it shows more than that section).
 *
 * Grouped by chrome, not given a chrome each, so that the browser's bundle carries only the
 * groups outside the main chrome (areaAt): every first visit downloads them.
 */

/** Which chrome wraps a page: none on /login, the agency header on /agency* and /get-started. */
export type Area = 'main' | 'agency' | 'bare';

/** Whose name a page's document title carries. */
export type Brand = 'community' | 'agency';

/** What the table says of one kind of page. */
export interface PageEntry {
  /**
   * Its fixed paths, in the order the generator writes them; none for a page the generator
   * places from the content (one per course; the not-found pages a host serves). A paged
   * list's further pages (paged-lists.ts) follow its first, fixed one.
   */
  readonly paths: readonly string[];
  /** The community's unless said. */
  readonly brand?: Brand;
}

type PageGroup = Readonly<Record<string, PageEntry>>;

/** Pages in the main chrome: the main header and footer, Join Discord. */
const MAIN_CHROME = {
  home: { paths: ['/', '/home'] },
  comingSoon: { paths: ['/coming-soon'], brand: 'agency' },
  courses: { paths: ['/courses'] },
  courseList: { paths: ['/courses/list'] },
  course: { paths: [] },
  about: { paths: ['/about'] },
  faq: { paths: ['/faq'] },
  contact: { paths: ['/contact'] },
  ebooks: { paths: ['/ebooks'] },
  bundles: { paths: ['/bundles'] },
  notFound: { paths: [] },
} as const satisfies PageGroup;

/** Pages in no chrome: the page alone. */
const NO_CHROME = {
  login: { paths: ['/login'] },
} as const satisfies PageGroup;

/** Pages in the agency's chrome: its header and footer, Call Now. */
const AGENCY_CHROME = {
  agencyHome: { paths: ['/agency'], brand: 'agency' },
  payment: { paths: ['/agency/payment'], brand: 'agency' },
  policies: { paths: ['/agency/policies'], brand: 'agency' },
  getStarted: { paths: ['/get-started'], brand: 'agency' },
} as const satisfies PageGroup;

/** The table: every kind of page by the chrome that wraps it, in the order the generator writes them. */
export const PAGE_TABLE = { main: MAIN_CHROME, bare: NO_CHROME, agency: AGENCY_CHROME } as const satisfies Record<Area, PageGroup>;

type Table = typeof PAGE_TABLE;

/** A kind of page: which component renders a route's data. */
export type PageKey = { [A in Area]: keyof Table[A] }[Area];

/** The kinds of page that have fixed paths (every one but the course and not-found pages). */
export type StaticPageKey = { [A in Area]: { [K in keyof Table[A]]: Table[A][K] extends { paths: readonly [] } ? never : K }[keyof Table[A]] }[Area];

/** Every page's entry with its chrome, in the table's order. */
export function pageEntries(): { page: PageKey; area: Area; entry: PageEntry }[] {
  return (Object.keys(PAGE_TABLE) as Area[]).flatMap((area) =>
    Object.entries(PAGE_TABLE[area] as PageGroup).map(([page, entry]) => ({ page: page as PageKey, area, entry })),
  );
}

/**
 * The chrome of a fixed path (normalized): the group it is listed in, the main one for
 * any other path. It reads only the groups outside the main chrome, so the browser's
 * bundle leaves the rest of the table out.
 */
export function areaAt(path: string): Area {
  const listedIn = (group: PageGroup) => Object.values(group).some((entry) => entry.paths.includes(path));
  return listedIn(NO_CHROME) ? 'bare' : listedIn(AGENCY_CHROME) ? 'agency' : 'main';
}

/** The module of a page's component, site/pages/<module>.tsx: its key in kebab-case. */
export function pageModule(page: PageKey): string {
  return page.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
