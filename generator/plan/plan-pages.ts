import type { PageRecord } from '../cache/build-record.ts';
import { pageFiles, type PageInput } from './page-input.ts';
import { pageKey } from './page-key.ts';
import type { RouteRecord } from './routes.ts';

/** What a build needs to know of the last one to reuse its pages: each page's record, and every file's identity. */
export interface LastSite {
  pages: Readonly<Record<string, PageRecord>>;
  files: ReadonlyMap<string, string>;
  /** The login gate its pages were checked against (new credentials: every page is checked anew). */
  login: { siteUrl: string; hash: string | null };
}

/** A page of the site: its route and the files it makes. */
export interface PlannedPage {
  route: RouteRecord;
  files: string[];
}

/** Every page of the site, in route order, with the files each makes (`drawsCard`: whether it draws a card of its own). */
export function planPages(routes: readonly RouteRecord[], drawsCard: (route: RouteRecord) => boolean): PlannedPage[] {
  return routes.map((route) => ({ route, files: pageFiles({ route, drawsCard: drawsCard(route) }) }));
}

/**
 * The key (plan/page-key.ts) of every page the last build made, to compare with its
 * record. A page it did not make renders whatever its key, which is made as it renders:
 * a build with no last build keys no page ahead.
 */
export function keysOf(pages: readonly PlannedPage[], options: { last: LastSite | null; inputOf: (route: RouteRecord) => PageInput; shared: string }): Map<string, string> {
  const keys = new Map<string, string>();
  if (!options.last) return keys;
  for (const { route } of pages) if (options.last.pages[route.path]) keys.set(route.path, pageKey(options.inputOf(route), options.shared));
  return keys;
}

/**
 * Whether the last build's output of a page stands, and so the page need not render:
 * the one place this is decided. It stands when the last build made it with the same key
 * and checked it against the same login gate, and each of its files is still at hand as
 * that build made it (`atHand`: held by the site being put together, or a copy checked
 * against its identity). Returns that build's record of the page, or null.
 */
export function lastOutputStands(page: PlannedPage, key: string | undefined, last: LastSite | null, login: LastSite['login'], atHand: (file: string, id: string) => boolean): PageRecord | null {
  const record = last?.pages[page.route.path];
  if (!record || record.key !== key) return null;
  // New login credentials: every page is checked for them, so every page renders.
  if (last!.login.siteUrl !== login.siteUrl || last!.login.hash !== login.hash) return null;
  for (const file of page.files) {
    const id = last!.files.get(file);
    if (id === undefined || !atHand(file, id)) return null;
  }
  return record;
}
