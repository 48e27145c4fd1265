import type { PageRecord } from '../cache/build-record.ts';
import { pageFiles, type PageInput } from './page-input.ts';
import { pageKey, sameInput } from './page-key.ts';
import type { RouteRecord } from './routes.ts';

/** What a build needs to know of the last one to reuse its pages: each page's record, and every file's identity. */
export interface LastSite {
  pages: Readonly<Record<string, PageRecord>>;
  files: ReadonlyMap<string, string>;
  /** The login gate its pages were checked against (new credentials: every page is checked anew). */
  login: { siteUrl: string; hash: string | null };
  /** Its pages' inputs and shared key, when it is held in memory (site dev): see keysOf. */
  heldInputs?: HeldInputs;
}

/** The input of each page of a build, and the key of what every page shares, as that build keyed them. */
export interface HeldInputs {
  shared: string;
  byPath: ReadonlyMap<string, PageInput>;
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
 * a build with no last build keys no page ahead. When the last build's inputs are held
 * (site dev), a page whose input has the same JSON as then keeps its recorded key rather
 * than hashing it again; each input keyed here is put in `held`, for the next build.
 */
export function keysOf(
  pages: readonly PlannedPage[],
  options: { last: LastSite | null; inputOf: (route: RouteRecord) => PageInput; shared: string; held?: Map<string, PageInput> },
): Map<string, string> {
  const keys = new Map<string, string>();
  const { last, shared, held } = options;
  if (!last) return keys;
  const before = last.heldInputs?.shared === shared ? last.heldInputs.byPath : undefined;
  for (const { route } of pages) {
    const record = last.pages[route.path];
    if (!record) continue;
    const input = options.inputOf(route);
    held?.set(route.path, input);
    const then = before?.get(route.path);
    keys.set(route.path, then && sameInput(then, input) ? record.key : pageKey(input, shared));
  }
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
