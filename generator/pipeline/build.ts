import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { SiteData } from '../../site/model/site-data.ts';
import { readContent } from '../content/read-content.ts';
import { loginCredentials } from '../content/login-gate.ts';
import { OutputProblemError } from '../errors.ts';
import { renderAppIcons } from '../outputs/app-icons.ts';
import { hostingFiles } from '../outputs/hosting-files.ts';
import { DEFAULT_PNG_CACHE_DIR, pruneCache } from '../outputs/png.ts';
import { isCourseGroupFile, staticFiles } from '../outputs/static-files.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { createStageTimer, type StageReport, type StageTimer } from '../stage-timer.ts';
import { brotliSize, saveBrotliSizes } from './brotli-size.ts';
import { bundleClient, stopEsbuild, type ClientAssets } from './bundle-client.ts';
import { createOutputCheck, type OutputCheck } from './check-output.ts';
import { collectRoutes, type RouteRecord } from '../content/collect-routes.ts';
import { assertReplaceableOutput } from './output-folder.ts';
import { BUDGETS, measurePages, type Budgets, type PageSize, type Size } from './page-sizes.ts';
import { createBatchRenderer } from './render-pool.ts';
import type { BatchResult } from './render-batch.ts';
import { loadSiteServer } from './site-server.ts';
import { openOutput, type OutputWriter } from './write-output.ts';

export interface BuildOptions {
  contentFile: string;
  outDir: string;
  env?: NodeJS.ProcessEnv;
  /** Called as each stage ends (the CLI prints a line). */
  onStage?: (stage: StageReport) => void;
  /** Called with warnings that do not stop the build. */
  onWarning?: (message: string) => void;
  /** Where rendered social cards and icons are cached (null: no cache). */
  cacheDir?: string | null;
  /** Measure every page's brotli size (for `--report`); otherwise only where a budget could be exceeded. */
  exactSizes?: boolean;
  /** Byte budgets per first visit (default BUDGETS); benchmarks of synthetic sites lift them. */
  budgets?: Budgets;
  /** Render threads (default: defaultJobs; 1 renders in this thread). */
  jobs?: number;
}

/**
 * The client assets as pages need them: URLs and sizes, and of the files only the
 * stylesheets (pages are sized with them); `count` is how many asset files were written.
 */
export type PageAssets = ClientAssets & { count: number };

export interface BuildResult {
  pages: number;
  routes: RouteRecord[];
  assets: PageAssets;
  /** Peak resident memory of the process so far, in MB. */
  peakMb: number;
  stages: readonly StageReport[];
  /** What a first visit to each page downloads; exact with `exactSizes` (for `--report`). */
  sizes: PageSize[];
  ms: number;
}

/** Pages rendered, checked and written per batch, at most: bounded memory however large the site. */
const BATCH_SIZE = 64;

/**
 * About how many bytes of HTML a batch should hold. Three batches are alive at a time
 * (one rendering, one being checked, one being written), so pages ten times the usual
 * size (a course list page, a catalogue of a thousand books) come in smaller batches.
 */
export const BATCH_BYTES = 1.5 * 1024 * 1024;

/** The next batch's size, from the HTML bytes per page of the last one. */
export function nextBatchSize(lastPages: number, lastHtmlBytes: number): number {
  if (lastPages === 0 || lastHtmlBytes <= 0) return BATCH_SIZE;
  return Math.max(1, Math.min(BATCH_SIZE, Math.floor(BATCH_BYTES / (lastHtmlBytes / lastPages))));
}

/**
 * From this many pages, and with at least WORKERS_MIN_CORES cores, batches render in
 * worker threads by default. Below, starting them (each loads React and the content)
 * costs more than it saves.
 */
export const WORKERS_FROM = 5000;

/**
 * Each worker holds its own React and copy of the content, so on few cores workers
 * double the memory for little time (docs/performance.md); fewer cores than this render
 * in the build's own thread unless `--jobs` says otherwise.
 */
export const WORKERS_MIN_CORES = 4;

/** Render threads when `--jobs` is not given. */
export function defaultJobs(pages: number, cores = availableParallelism()): number {
  return pages >= WORKERS_FROM && cores >= WORKERS_MIN_CORES ? cores : 1;
}

/** How problems name the output folder: relative to the working folder when inside it. */
function outLabel(outDir: string): string {
  const relative = path.relative(process.cwd(), outDir);
  return (relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : outDir).split(path.sep).join('/');
}

/**
 * content.yaml to out/: read the content, collect the routes, bundle the client; then, a
 * batch of pages at a time, social cards, render, check and write into a staging folder;
 * finally the checks that need the whole site (links, titles) and the swap. Problems
 * anywhere leave the previous out/ untouched.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timer = createStageTimer(options.onStage);
  const env = options.env ?? process.env;
  // Before any work: credentials too short to check for, and an output folder a build did not write.
  const credentials = loginCredentials(env);
  await assertReplaceableOutput(options.outDir, { label: outLabel(options.outDir) });
  const data = await readContent({ file: options.contentFile, credentials, timer });
  if (!credentials) options.onWarning?.('SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD are not set: the login page will refuse every attempt.');
  const routes = await timer.time('routes', () => collectRoutes({ data }), (value) => `${value.length} pages`);
  const cacheDir = options.cacheDir === undefined ? DEFAULT_PNG_CACHE_DIR : options.cacheDir;
  const upTo = options.exactSizes ? undefined : (options.budgets ?? BUDGETS);
  const check = createOutputCheck({ siteUrl: data.site.url, credentials, budgets: options.budgets, outLabel: outLabel(options.outDir), expectedFiles: routes.map((route) => route.file) });
  const sizes: PageSize[] = [];
  const writer = await openOutput({ outDir: options.outDir });
  let assets: PageAssets;
  try {
    const [server, fixed] = await Promise.all([
      timer.time('server', () => loadSiteServer()),
      writeFixedFiles({ timer, data, routes, cacheDir, upTo, check, writer, sizes }),
    ]);
    assets = fixed.assets;
    const jobs = options.jobs ?? defaultJobs(routes.length);
    const home = routes.find((route) => route.path === '/')!;
    const template = await readFile(path.join(PACKAGE_ROOT, 'templates', 'document.html'), 'utf8');
    const renderer = createBatchRenderer({ data, template, assets, cacheDir, upTo, groupSizes: fixed.groupSizes, home }, { jobs, server });
    try {
      await renderAllPages({ timer, routes, renderer, check, writer, sizes });
    } finally {
      await renderer.close();
    }
    timer.report('cards', (count) => `${count} social cards`);
    timer.report('render', (count) => `${count} pages${renderer.workers ? ` in ${renderer.workers} workers (their time added up)` : ''}`);
    const problems = await timer.add('check', () => check.finish());
    timer.report('check', () => (problems.length ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}` : 'links, titles, budgets, secrets'));
    // A site that fails its checks never replaces the previous out/.
    if (problems.length > 0) throw new OutputProblemError(problems);
    saveBrotliSizes();
    await timer.add('write', () => writer.commit());
    if (cacheDir) await pruneCache(cacheDir);
    timer.report('write', (count) => `${count} files`);
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    // esbuild's service is a process of its own: done with once the site is bundled.
    await stopEsbuild();
  }
  sizes.sort((a, b) => a.file.localeCompare(b.file));
  return { pages: routes.length, routes, assets, stages: timer.stages, sizes, ms: performance.now() - started, peakMb: process.resourceUsage().maxRSS / 1024 };
}

interface StageContext {
  timer: StageTimer;
  check: OutputCheck;
  writer: OutputWriter;
  sizes: PageSize[];
}

/**
 * Bundles the client, renders the icons, and checks and writes every file that is not a
 * page (scripts, styles, icons, sitemap, hosting rules).
 */
async function writeFixedFiles(context: StageContext & { data: SiteData; routes: RouteRecord[]; cacheDir: string | null; upTo: Budgets | undefined }) {
  const { timer, check, writer, data, routes, cacheDir, upTo } = context;
  const [assets, icons] = await Promise.all([timer.time('bundle', () => bundleClient({ data })), renderAppIcons({ data, cacheDir })]);
  const fixed = [...assets.files, ...staticFiles({ data }), ...icons, ...hostingFiles({ data, routes })];
  const styles = assets.files.filter((file) => file.file.endsWith('.css'));
  const fixedSizes = await timer.add('check', () => measurePages({ files: [...fixed.filter((file) => file.file.endsWith('.html')), ...styles], upTo }));
  context.sizes.push(...fixedSizes);
  check.add(fixed, fixedSizes);
  await timer.add('write', () => writer.write(fixed), fixed.length);
  // Course groups count toward the first visits that load them (render-batch.ts). Brotli
  // is slow: without budgets to check or an exact report, their raw size stands in.
  const exact = upTo === undefined || Number.isFinite(upTo.js);
  const groupSizes: Size[] = fixed
    .filter((file) => isCourseGroupFile(file.file))
    .map((file) => {
      const raw = Buffer.byteLength(file.contents);
      return { raw, brotli: exact ? brotliSize(file.contents) : raw };
    });
  return { assets: { ...assets, files: styles, count: assets.files.length } satisfies PageAssets, groupSizes };
}

/**
 * Every page, a batch at a time: rendered (in order of completion inside a window, when
 * workers render), then checked and written in route order. The first batch is small
 * (pages of unknown size); then each is sized from the last, so batches of large pages
 * hold about as many bytes as batches of small ones. A batch is written while the next
 * ones render; at most one write is in flight.
 */
async function renderAllPages(context: StageContext & { routes: RouteRecord[]; renderer: ReturnType<typeof createBatchRenderer> }) {
  const { timer, routes, renderer, check, writer } = context;
  const inFlight: Promise<BatchResult>[] = [];
  let next = 0;
  let batchSize = 8;
  const launch = () => {
    while (inFlight.length < renderer.window && next < routes.length) {
      const promise = renderer.render(routes.slice(next, next + batchSize));
      promise.catch(() => {}); // awaited in order below
      inFlight.push(promise);
      next += batchSize;
    }
  };
  let writing: Promise<void> = Promise.resolve();
  launch();
  while (inFlight.length > 0) {
    const result = await inFlight.shift()!;
    batchSize = nextBatchSize(result.measured.length, result.measured.reduce((sum, size) => sum + size.html.raw, 0));
    launch();
    const files = [...result.pages, ...result.cards];
    timer.record('cards', result.ms.cards, result.cards.length);
    timer.record('render', result.ms.render, result.pages.length);
    timer.record('check', result.ms.check);
    context.sizes.push(...result.measured);
    await timer.add('check', () => check.add(files, result.measured, result.scanned));
    await timer.add('write', () => writing);
    writing = writer.write(files);
    writing.catch(() => {}); // awaited (and thrown) above or below, never unhandled
    timer.record('write', 0, files.length);
  }
  await timer.add('write', () => writing);
}
