import { layoutDataOf } from '../../site/model/page-data.ts';
import type { PageRecord } from '../cache/build-record.ts';
import type { ImageFiles } from '../cache/image-files.ts';
import type { CardInput } from '../cards/page-cards.ts';
import { longestTextHints } from '../check/budget-hint.ts';
import { createOutputCheck, titleKeys } from '../check/check-output.ts';
import { BUDGETS, pageSize, type Budgets, type PageSize } from '../check/page-sizes.ts';
import type { ClientBundle } from '../client/cached-bundle.ts';
import type { LoginCredentials } from '../content/login-gate.ts';
import type { SiteContent } from '../content/read-content.ts';
import { pageImagesOf, type PageImages } from '../images/page-images.ts';
import type { OutputWriter } from '../output/output-writer.ts';
import { cardInputMaker, documentOf, drawsCardOf, pageInputMaker, type PageInput } from '../plan/page-input.ts';
import { sharedKey } from '../plan/page-key.ts';
import { keysOf, lastOutputStands, planPages, type HeldInputs, type LastSite } from '../plan/plan-pages.ts';
import { collectRoutes, type RouteRecord } from '../plan/routes.ts';
import { OutputProblemError } from '../problems/errors.ts';
import type { RenderedPage } from '../render/render-batch.ts';
import { routeDataFile } from '../render/render-page.ts';
import { defaultJobs, renderPages } from '../render/render-pages.ts';
import { siteServerEntry } from '../render/site-server.ts';
import { LATER, putFixedFiles, putImages, putRenderedPage } from './put-files.ts';
import type { StageTimer } from './stage-timer.ts';

/*
 * The engine of `site build` and `site dev`: the content, the client bundle and the last
 * build in; every file of the site, put to `output`, out. Plan each page's key; keep the
 * pages whose last output stands; render the others a batch at a time, each page written
 * and checked as it comes; check what needs every page. Nothing here knows whether the
 * site goes to out/ or to memory.
 */

/** What making the site reads. */
export interface SiteSources {
  content: SiteContent;
  /** content.yaml as read, to locate a problem found while making the images. */
  contentText: { file: string; displayName: string; source: string };
  client: ClientBundle;
  template: string;
  /** The version of the code (cache/code-version.ts). */
  code: string;
  /** The last build (null: none, or --no-cache). */
  last: LastSite | null;
}

/** How the site is made, and where it goes. */
export interface SiteMaking {
  output: OutputWriter;
  /** A copy of a file of the last build the output lacks, checked against its identity (build: out/, the store); null when none. */
  copyOf: (file: string, id: string) => string | Uint8Array | null;
  /** The cache's images folder: the files made from content.yaml's images, the cards, the icons. */
  images: ImageFiles;
  /** Whether cards are drawn now (site build) or only when asked for (site dev: `later`). */
  drawCards: boolean;
  credentials: LoginCredentials | null;
  /** Byte budgets (default BUDGETS); `exactSizes` measures every page exactly, for --report. */
  budgets?: Budgets;
  exactSizes?: boolean;
  jobs?: number;
  /** Keep each page's input with the site made (site dev, which holds its last build in memory): see keysOf. */
  holdInputs?: boolean;
  /**
   * The paths of pages someone is waiting for (site dev: a tab that reloads as the build
   * starts), asked once the routes are known: they render before the rest of the site is
   * planned, and their files go to `onFirst` at once; the build goes on once it resolves.
   */
  first?: () => Promise<ReadonlySet<string>>;
  onFirst?: (files: readonly { file: string; contents: string }[]) => Promise<void>;
  onWarning?: (message: string) => void;
  /** How problems name the output folder. */
  outLabel: string;
  timer: StageTimer;
}

/** The site made. */
export interface MadeSite {
  /** Every file, by its path under out/, and its identity. */
  files: Map<string, string>;
  pages: Record<string, PageRecord>;
  /** Every page's route. */
  routes: RouteRecord[];
  /** The pages rendered, by path, in order. */
  rendered: string[];
  /** What a first visit to each page that is not rendered from a route (agency-login) downloads. */
  fixedSizes: PageSize[];
  /** Every page's first-visit size, for --report (only with exactSizes). */
  sizes: PageSize[];
  /** The cards not drawn yet (site dev), by file. */
  cardsLater: Map<string, CardInput>;
  /** Each page's input (only with holdInputs). */
  heldInputs?: HeldInputs;
}

/** The files of the pages rendered now (their HTML and data), with their identities: what a build keeps in its store. One at a time, as the store takes them. */
export function* renderedFilesOf(site: MadeSite): Generator<[file: string, id: string]> {
  const rendered = new Set(site.rendered);
  for (const route of site.routes) {
    if (!rendered.has(route.path)) continue;
    for (const file of [route.file, routeDataFile(route)]) if (file) yield [file, site.files.get(file)!];
  }
}

/** Makes the site (see the top of this file). Problems in the output throw OutputProblemError; nothing is committed here. */
export async function makeSite(sources: SiteSources, making: SiteMaking): Promise<MadeSite> {
  const { content, client, template, last } = sources;
  const { data } = content;
  const { output, timer } = making;
  const routes = await timer.time('routes', () => collectRoutes({ data }), (value) => `${value.length} pages`);
  const inputOf = pageInputMaker(data, routes);
  // Exact figures for --report are measured after the build, every core at once (build.ts).
  const upTo = making.budgets ?? BUDGETS;
  const layout = layoutDataOf(data);
  const shared = sharedKey({ code: sources.code, template, assets: client.assets, layout, budgets: upTo });
  const plan = planPages(routes, drawsCardOf(data));
  const held = making.holdInputs ? new Map<string, PageInput>() : undefined;
  const renderContext = { template, shared, layout, assets: client.assets, imagesDir: making.drawCards ? making.images.dir : null, upTo };
  const renderOptions = { inputOf, cardOf: cardInputMaker(data, layout), context: renderContext, server: () => timer.time('server', () => siteServerEntry({ onWarning: making.onWarning })) };
  const timing = { render: 0, cards: 0 };
  const onTime = (ms: { render: number; cards: number }) => ((timing.render += ms.render), (timing.cards += ms.cards));

  // Pages someone is waiting for render first, and are handed over at once. They then go
  // through the build as any other page does; one the plan keeps is dropped, as its key,
  // and so its bytes, are the same as the last build's.
  const wanted = await making.first?.();
  const firstRoutes = wanted ? routes.filter((route) => wanted.has(route.path)) : [];
  const renderedFirst = new Map<string, RenderedPage>();
  if (firstRoutes.length > 0) {
    for await (const page of renderPages(firstRoutes, { ...renderOptions, jobs: 1, onTime })) renderedFirst.set(page.path, page);
    await making.onFirst?.([...renderedFirst.values()].flatMap((page) => page.files));
  }

  const keys = await timer.time('plan', () => keysOf(plan, { last, inputOf, shared, held }), (value) => (last ? `${value.size} pages keyed` : 'no last build: every page renders'));

  const files = new Map<string, string>();
  // Only for a page over its HTML budget: made when the first one is found.
  const longestTextOf = longestTextHints(sources.contentText);
  let routeOfFile: Map<string, RouteRecord> | undefined;
  const check = createOutputCheck({
    siteUrl: data.site.url,
    credentials: making.credentials,
    budgets: making.budgets,
    outLabel: making.outLabel,
    files,
    expectedFiles: plan.flatMap((page) => page.files),
    htmlBudgetHint: (file) => {
      routeOfFile ??= new Map(routes.map((route) => [route.file, route]));
      const route = routeOfFile.get(file);
      return route ? longestTextOf(documentOf(inputOf(route), layout)) : null;
    },
  });
  /** Whether `output` holds `file` as `id`, or does once a checked copy is put there (a card drawn only when asked for is always at hand). */
  const atHand = (file: string, id: string): boolean => {
    if (id.startsWith(LATER) || output.holds(file, id)) return true;
    const copy = making.copyOf(file, id);
    if (copy === null) return false;
    if (typeof copy === 'string') output.copy(file, id, copy);
    else output.write(file, id, copy);
    return true;
  };

  const imageSizes = await timer.time(
    'images',
    () => putImages({ content, contentText: sources.contentText, images: making.images, output, files, onWarning: making.onWarning }),
    (sizes) => `${sizes.size} files from ${content.images.sources.length} images`,
  );
  // What each page's images cost a phone, for the budget and --report.
  const imagesOf = (route: (typeof routes)[number]): PageImages | undefined => (imageSizes.size > 0 ? pageImagesOf({ route, document: documentOf(inputOf(route), layout) }, (url) => imageSizes.get(url) ?? 0) : undefined);
  const fixedSizes = await timer.time('fixed', () => putFixedFiles({ data, routes, client, images: making.images, output, files, check, upTo }));

  const pages: Record<string, PageRecord> = {};
  const sizes: PageSize[] = [];
  const login = { siteUrl: data.site.url, hash: data.login.hash };
  const toRender = await timer.time(
    'keep',
    () =>
      plan.filter((page) => {
        const record = lastOutputStands(page, keys.get(page.route.path), last, login, atHand);
        if (!record) return true;
        for (const file of page.files) files.set(file, last!.files.get(file)!);
        check.keep({ file: page.route.file, title: record.title, canonical: record.canonical });
        if (making.exactSizes) {
          const js = client.assets.firstVisit[page.route.page];
          sizes.push(pageSize({ file: page.route.file, html: record.html, css: client.assets.cssSize, js: { raw: js.jsRaw, brotli: js.jsBrotli }, exact: record.exact, images: imagesOf(page.route) }));
        }
        pages[page.route.path] = record;
        return false;
      }),
    (todo) => `${plan.length - todo.length} pages as the last build made them`,
  );

  const rendered: string[] = [];
  const cardsLater = new Map<string, CardInput>();
  const stillToRender = toRender.filter((page) => !renderedFirst.has(page.route.path));
  const jobs = making.jobs ?? defaultJobs(stillToRender.length);
  const pagesRendered = pagesInOrder(
    toRender.flatMap((page) => renderedFirst.get(page.route.path) ?? []),
    renderPages(
      stillToRender.map((page) => page.route),
      { ...renderOptions, jobs, onTime },
    ),
  );
  const byPath = new Map(toRender.map((page) => [page.route.path, page.route]));
  let repaired = 0;
  for await (const page of pagesRendered) {
    repaired += await putRenderedPage(page, { files, output, cardsLater, images: making.images });
    const images = imagesOf(byPath.get(page.path)!);
    if (images) page.size.images = images;
    const keysOfTitle = titleKeys(page.scan);
    check.add(page.files, [page.size], new Map([[page.files[0]!.file, { ...page.scan, keys: keysOfTitle }]]));
    pages[page.path] = { key: page.key, ...keysOfTitle, html: page.size.html, exact: page.size.exact };
    if (making.exactSizes) sizes.push(page.size);
    rendered.push(page.path);
    held?.set(page.path, inputOf(byPath.get(page.path)!));
  }
  timer.record('render', timing.render);
  timer.record('cards', timing.cards);
  timer.report('cards');
  timer.report('render', () => `${toRender.length} of ${plan.length} pages${jobs > 1 ? ` in ${jobs} workers` : ''}`);

  const problems = await timer.time('check', () => check.finish(), (value) => (value.length ? `${value.length} ${value.length === 1 ? 'problem' : 'problems'}` : 'links, titles, budgets, secrets'));
  // A site that fails its checks is never committed.
  if (problems.length > 0) throw new OutputProblemError(problems);
  if (repaired > 0) making.onWarning?.(`${repaired} ${repaired === 1 ? 'card' : 'cards'} in the build cache's images/ did not match the hash they were kept under, and were drawn again`);
  return { files, pages, routes, rendered, fixedSizes, sizes: making.exactSizes ? [...fixedSizes, ...sizes] : [], cardsLater, heldInputs: held && { shared, byPath: held } };
}

/** The pages rendered first, then the others as they are rendered. */
async function* pagesInOrder(first: readonly RenderedPage[], rest: AsyncIterable<RenderedPage>): AsyncGenerator<RenderedPage> {
  yield* first;
  yield* rest;
}
