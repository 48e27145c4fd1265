import { digest } from '../cache/digest.ts';
import type { Location, Problem } from '../problems/errors.ts';
import { parseRedirectsFile, type RedirectRule } from '../site-files/host-rules.ts';
import { classify, cssUrls, resolvePath, urlOfFile } from './link-targets.ts';
import { secretFinder, type LoginVariable } from './secret-scan.ts';
import { scanHtml, type HtmlReference, type ScannedPage } from './html-scan.ts';
import { BUDGETS, measurePages, overBudget, type Budgets, type PageSize } from './page-sizes.ts';
import type { OutputFile } from '../output/output-file.ts';

/*
 * The last gate before out/ is replaced: the generated files, still in memory, must
 * hold together. Every internal link and asset resolves to a file; every page has a
 * title, description and canonical; titles are unique; first visits stay within their
 * byte budgets; no login credential appears in plain text.
 */

export interface CheckOutputOptions {
  files: readonly OutputFile[];
  /** The site's origin (site.url): absolute links to it count as internal. */
  siteUrl: string;
  /** The login pair from the environment; neither may appear in any file. */
  credentials?: { username?: string; password?: string } | null;
  budgets?: Budgets;
  /** Sizes already measured (the build measures once for the check and the report). */
  sizes?: readonly PageSize[];
  /** How problems name the output folder: "out" gives "out/about/index.html". */
  outLabel?: string;
  /**
   * More to say of a page over its HTML budget: the build names the longest text it shows
   * from content.yaml, and where it is written, which becomes the problem's place (so that
   * a pull request shows it on that line).
   */
  htmlBudgetHint?: (file: string) => { hint: string; location: Location } | null;
}

const text = (contents: string | Uint8Array) => (typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8'));

/**
 * What the check keeps of a page's title and canonical link, to find repeated titles once
 * every page is in: digests. Text read from a page is part of the page's string, so
 * keeping the text until the end would keep every page in memory with it.
 */
export function titleKeys(page: Pick<ScannedPage, 'title' | 'canonical'>): TitleKeys {
  return { title: page.title === null ? null : digest(page.title), canonical: digest(page.canonical ?? '') };
}

export interface TitleKeys {
  title: string | null;
  canonical: string;
}

/**
 * A page scanned already, and its title keys when the build has made them for its record:
 * then the check notes the very same keys, and every page's are made and held once.
 */
export type ScannedForCheck = ScannedPage & { keys?: TitleKeys };

/** Where a reference is, for a problem: `<a href> "/abuot" on line 10`. Made only for a problem. */
function where(reference: HtmlReference): string {
  const element = reference.tag === 'meta' ? `<meta ${reference.attribute}>` : `<${reference.tag} ${reference.attribute}>`;
  return `${element} "${reference.value}" on line ${reference.line}`;
}

/**
 * The output check, fed a batch of files at a time, so a large site is checked as it is
 * written and never held in memory whole. `add` checks what one file can show alone
 * (metadata, budgets, secrets) and remembers each page's internal links and title;
 * `finish` resolves the links against every file of the site and finds repeated titles.
 * Which files the site has is `files`'s to say (a build's file table): a file is in it by
 * the time it is added here.
 */
export function createOutputCheck(
  options: Omit<CheckOutputOptions, 'files' | 'sizes'> & { files: Pick<ReadonlySet<string>, 'has'>; expectedFiles?: Iterable<string> },
) {
  const label = options.outLabel ?? 'out';
  const origin = new URL(options.siteUrl).origin;
  const site = options.files;
  // Files certain to be in the site later (every route's page): a link to one resolves at
  // once, so a large site keeps no per-link record until the end.
  const expected: ReadonlySet<string> = new Set(options.expectedFiles ?? []);
  const known = { has: (file: string) => site.has(file) || expected.has(file) };
  const resolvesNow = (target: string) => resolvePath(target, known, redirects) !== null;
  let redirects: RedirectRule[] = [];
  // Problems keep the order a reader expects: file by file (links resolved at the end in
  // their place), then repeated titles, then budgets, then secrets by variable.
  type Link = { file: string; where: string; path: string; css: boolean };
  const perFile: (Problem | Link)[] = [];
  const budgets: Problem[] = [];
  const leaks: Record<LoginVariable, Problem[]> = { SITE_LOGIN_USERNAME: [], SITE_LOGIN_PASSWORD: [] };
  const problem = (file: string, message: string, hint?: string): Problem => ({ path: `${label}/${file}`, message, ...(hint ? { hint } : {}) });
  const report = (file: string, message: string, hint?: string) => perFile.push(problem(file, message, hint));
  // Pages by a digest of their title, to find repeated titles at the end. A digest, not the
  // title: text read from a page is part of the page's string, and every title kept until
  // the end would keep its whole page in memory with it. The first page of each title is
  // all most titles ever have; a group is made only for a title met again.
  type TitledPage = { file: string; canonical: string };
  const firstByTitle = new Map<string, TitledPage>();
  const repeated = new Map<string, { title?: string; pages: TitledPage[] }>();
  const links = { push: (link: Link) => perFile.push(link) };
  /** Notes a page's title by its key (see titleKeys); `title`, the text, is kept only for a repeat, to name it. */
  const noteTitle = (file: string, keys: TitleKeys, title?: string | null) => {
    if (!keys.title) return;
    const page = { file, canonical: keys.canonical };
    const first = firstByTitle.get(keys.title);
    if (!first) {
      firstByTitle.set(keys.title, page);
      return;
    }
    let group = repeated.get(keys.title);
    if (!group) repeated.set(keys.title, (group = { pages: [first] }));
    group.title ??= title ?? undefined;
    group.pages.push(page);
  };
  const checkBudgets = (size: PageSize) => {
    for (const { over, message } of overBudget(size, options.budgets ?? BUDGETS)) {
      const more = over === 'html' ? options.htmlBudgetHint?.(size.file) : null;
      const trim = 'Trim the page or what it loads; `site build --report` lists every page.';
      budgets.push(more ? { ...problem(size.file, message, `${trim} ${more.hint}`), location: more.location } : problem(size.file, message, trim));
    }
  };
  const secretsIn = secretFinder(options.credentials);

  return {
    /** Checks a batch of files; `sizes` are their pages' first-visit sizes when measured. */
    add(files: readonly OutputFile[], sizes: readonly PageSize[] = [], scanned?: ReadonlyMap<string, ScannedForCheck>): void {
      for (const file of files) {
        if (file.file === '_redirects') redirects = parseRedirectsFile(text(file.contents));
        for (const variable of secretsIn(file.contents))
          leaks[variable].push(problem(file.file, `contains the value of ${variable} in plain text`, 'Only the salted hash of the login may reach the output. If the value is ordinary text of the site (a word its pages use), choose another; otherwise find where it is rendered and remove it.'));
        if (file.file.endsWith('.css')) {
          for (const value of cssUrls(text(file.contents))) {
            const target = classify(value, urlOfFile(file.file), origin);
            if (target.kind === 'internal' && !resolvesNow(target.path)) links.push({ file: file.file, where: `url(${value})`, path: target.path, css: true });
          }
          continue;
        }
        if (!file.file.endsWith('.html')) continue;
        const page: ScannedForCheck = scanned?.get(file.file) ?? scanHtml(text(file.contents));
        noteTitle(file.file, page.keys ?? titleKeys(page), page.title);
        if (!page.title) report(file.file, 'has no <title>', 'Give the page a title in content.yaml.');
        if (!page.description) report(file.file, 'has no meta description', 'Give the page a description in content.yaml.');
        if (!page.canonical) report(file.file, 'has no canonical link');
        const pageUrl = urlOfFile(file.file);
        for (const reference of page.references) {
          const target = classify(reference.value, pageUrl, origin);
          if (target.kind === 'forbidden') report(file.file, `${where(reference)} ${target.reason}`);
          else if (target.kind === 'internal' && !resolvesNow(target.path)) links.push({ file: file.file, where: where(reference), path: target.path, css: false });
        }
      }
      for (const size of sizes) checkBudgets(size);
    },
    /**
     * Takes a page the build did not render (its key unchanged): its files stand as the last
     * build checked them, against the same budgets (they are in its key); its title joins
     * this build's check of titles, which spans every page.
     */
    keep(page: { file: string; title: string | null; canonical: string }): void {
      noteTitle(page.file, page);
    },
    /** Links that did not resolve when added, remembered until `finish` resolves them. */
    get pendingLinks(): number {
      return perFile.filter((entry) => 'where' in entry).length;
    },
    /** Every problem, once all files were added. */
    finish(): Problem[] {
      const resolved = new Map<string, boolean>();
      const problems: Problem[] = [];
      for (const file of expected) if (!site.has(file)) problems.push(problem(file, 'was expected but never written'));
      for (const entry of perFile) {
        if (!('where' in entry)) {
          problems.push(entry);
          continue;
        }
        let ok = resolved.get(entry.path);
        if (ok === undefined) resolved.set(entry.path, (ok = resolvePath(entry.path, site, redirects) !== null));
        if (!ok)
          problems.push(
            problem(entry.file, `${entry.where} does not resolve to a file in ${label}/`, entry.css ? undefined : 'Fix the link in content.yaml (or site/), or add the page it points to.'),
          );
      }
      // One title, one page: pages may share a title only when they share a canonical URL (/ and /home).
      for (const { title, pages: group } of repeated.values()) {
        if (new Set(group.map((page) => page.canonical)).size < 2) continue;
        problems.push(problem(group[0]!.file, `shares its title${title ? ` "${title}"` : ''} with ${group.slice(1).map((page) => `${label}/${page.file}`).join(', ')}`, 'Every page needs its own title in content.yaml.'));
      }
      return [...problems, ...budgets, ...leaks.SITE_LOGIN_USERNAME, ...leaks.SITE_LOGIN_PASSWORD];
    },
  };
}

/** The output check of one build (see createOutputCheck). */
export type OutputCheck = ReturnType<typeof createOutputCheck>;

/** Checks a complete in-memory site at once. */
export async function checkOutput(options: CheckOutputOptions): Promise<Problem[]> {
  const check = createOutputCheck({ ...options, files: new Set(options.files.map((file) => file.file)) });
  check.add(options.files, options.sizes ?? (await measurePages({ files: options.files })));
  return check.finish();
}
