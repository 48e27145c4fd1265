import { layoutDataOf } from '../../site/model/page-data.ts';
import type { PageRecord } from '../cache/build-record.ts';
import { digest, holdsIdentity } from '../cache/digest.ts';
import type { ImageFiles } from '../cache/image-files.ts';
import type { CardInput } from '../cards/page-cards.ts';
import type { DrawnPng } from '../cards/png.ts';
import { drawCard } from '../cards/social-cards.ts';
import { createOutputCheck, titleKeys, type OutputCheck } from '../check/check-output.ts';
import { BUDGETS, measurePages, pageSize, type Budgets, type PageSize } from '../check/page-sizes.ts';
import type { ClientBundle } from '../client/cached-bundle.ts';
import type { LoginCredentials } from '../content/login-gate.ts';
import type { SiteContent } from '../content/read-content.ts';
import { pageImagesOf, type PageImages } from '../images/page-images.ts';
import { makeImages } from '../images/site-images.ts';
import type { OutputWriter } from '../output/output-writer.ts';
import { cardInputMaker, documentOf, drawsCardOf, pageInputMaker, type PageInput } from '../plan/page-input.ts';
import { sharedKey } from '../plan/page-key.ts';
import { keysOf, lastOutputStands, planPages, type HeldInputs, type LastSite } from '../plan/plan-pages.ts';
import { collectRoutes, type RouteRecord } from '../plan/routes.ts';
import { ContentProblemError, OutputProblemError } from '../problems/errors.ts';
import { locateIssues } from '../content/validate.ts';
import type { RenderedPage } from '../render/render-batch.ts';
import { routeDataFile } from '../render/render-page.ts';
import { defaultJobs, renderPages } from '../render/render-pages.ts';
import { siteServerEntry } from '../render/site-server.ts';
import { fixedFiles } from '../site-files/fixed-files.ts';
import type { StageTimer } from './stage-timer.ts';

/*
 * The engine of `site build` and `site dev`: the content, the client bundle and the last
 * build in; every file of the site, put to `output`, out. Plan each page's key; keep the
 * pages whose last output stands; render the others a batch at a time, each page written
 * and checked as it comes; check what needs every page. Nothing here knows whether the
 * site goes to out/ or to memory.
 */

/** The identity of a card not drawn yet (site dev draws a card when it is asked for): its canonical path. */
const LATER = 'later:';

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

/** The files of the pages rendered now (their HTML and data), with their identities: what a build keeps in its store. */
export function renderedFilesOf(site: MadeSite): [file: string, id: string][] {
  const rendered = new Set(site.rendered);
  return site.routes.filter((route) => rendered.has(route.path)).flatMap((route) => [route.file, routeDataFile(route)].flatMap((file) => (file ? [[file, site.files.get(file)!] as [string, string]] : [])));
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
  // --report's exact figures are not in the key: it measures the pages it keeps from their files.
  const shared = sharedKey({ code: sources.code, template, assets: client.assets, layout, budgets: making.budgets ?? BUDGETS });
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
  const check = createOutputCheck({
    siteUrl: data.site.url,
    credentials: making.credentials,
    budgets: making.budgets,
    outLabel: making.outLabel,
    files,
    expectedFiles: plan.flatMap((page) => page.files),
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

  const imageSizes = await timer.time('images', () => putImages(sources, making, files), (sizes) => `${sizes.size} files from ${content.images.sources.length} images`);
  // What each page's images cost a phone, for the budget and --report.
  const imagesOf = (route: (typeof routes)[number]): PageImages | undefined => (imageSizes.size > 0 ? pageImagesOf({ route, document: documentOf(inputOf(route), layout) }, (url) => imageSizes.get(url) ?? 0) : undefined);
  const fixedSizes = await timer.time('fixed', () => putFixedFiles(sources, making, { files, check, routes, upTo }));

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

/**
 * A rendered page's files into the site: written to the output; its
 * card from the images folder, checked against its identity when it was found there
 * rather than drawn now (drawn again if damaged). Returns how many cards were drawn again.
 */
async function putRenderedPage(
  page: RenderedPage,
  site: { files: Map<string, string>; output: OutputWriter; cardsLater: Map<string, CardInput>; images: ImageFiles },
): Promise<number> {
  for (const { file, contents } of page.files) {
    const id = digest(contents);
    site.files.set(file, id);
    site.output.write(file, id, contents);
  }
  if (!page.card) return 0;
  const { file } = page.card;
  if ('later' in page.card) {
    site.files.set(file, `${LATER}${page.card.later.card.canonical}`);
    site.cardsLater.set(file, page.card.later);
    return 0;
  }
  const { input } = page.card;
  return putDrawn(page.card.file, page.card.png, () => drawCard(input, site.images, true).png, site);
}

/**
 * A file of the images folder (a card, an icon, a file made from an image) into the site:
 * checked against its identity when it was found there rather than made now (`fresh`),
 * and made again (`again`) if damaged. Returns the file used, and whether it was made again.
 */
async function putFromImages<T extends { id: string; path: string }>(
  file: string,
  found: T,
  fresh: boolean,
  again: () => Promise<T>,
  site: { files: Map<string, string>; output: OutputWriter },
): Promise<{ used: T; repaired: boolean }> {
  const repaired = !site.output.holds(file, found.id) && !fresh && !holdsIdentity(found.path, found.id);
  const used = repaired ? await again() : found;
  site.files.set(file, used.id);
  if (!site.output.holds(file, used.id)) site.output.copy(file, used.id, used.path);
  return { used, repaired };
}

/** A drawn file (a card, an icon) into the site (putFromImages); returns how many were drawn again. */
async function putDrawn(file: string, found: DrawnPng, again: () => Promise<DrawnPng>, site: { files: Map<string, string>; output: OutputWriter }): Promise<number> {
  return (await putFromImages(file, found, found.drawn, again, site)).repaired ? 1 : 0;
}

/**
 * The files made from content.yaml's images into the site (made once, into the images
 * folder; one found there is checked against its identity before it is used, and made
 * again if damaged). A source that cannot be decoded is a located content problem.
 * Returns each file's size by its URL.
 */
async function putImages(sources: SiteSources, making: SiteMaking, files: Map<string, string>): Promise<Map<string, number>> {
  const { made, issues } = await makeImages(sources.content.images, making.images);
  if (issues.length > 0) throw new ContentProblemError(locateIssues({ ...sources.contentText, data: null }, issues));
  const sizes = new Map<string, number>();
  let repaired = 0;
  for (const [file, found] of made) {
    const { used, repaired: again } = await putFromImages(file, found, found.made, found.again, { files, output: making.output });
    if (again) repaired += 1;
    sizes.set(`/${file}`, used.bytes);
  }
  if (repaired > 0) making.onWarning?.(`${repaired} image ${repaired === 1 ? 'file' : 'files'} in the build cache's images/ did not match the hash ${repaired === 1 ? 'it was' : 'they were'} kept under, and ${repaired === 1 ? 'was' : 'were'} made again`);
  return sizes;
}

/** The files every site has beside its pages (fixed-files.ts) into the site, checked; returns the sizes of the pages among them. */
async function putFixedFiles(
  sources: SiteSources,
  making: SiteMaking,
  site: { files: Map<string, string>; check: OutputCheck; routes: Parameters<typeof fixedFiles>[0]['routes']; upTo: Budgets },
): Promise<PageSize[]> {
  const { files: fixed, drawn } = await fixedFiles({ data: sources.content.data, routes: site.routes, client: sources.client, images: making.images });
  for (const { file, png, again } of drawn) await putDrawn(file, png, again, { files: site.files, output: making.output });
  for (const file of fixed) {
    const id = digest(file.contents);
    site.files.set(file.file, id);
    making.output.write(file.file, id, file.contents);
  }
  const sizes = await measurePages({ files: fixed.filter((file) => file.file.endsWith('.html')), upTo: site.upTo });
  site.check.add(fixed, sizes);
  return sizes;
}
