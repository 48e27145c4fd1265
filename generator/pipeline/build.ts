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
import { createBatchRenderer, type BatchRenderer } from './render-pool.ts';
import type { OutputFile } from '../output-file.ts';
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

/** Pages per batch: what a render worker is sent at a time. */
const BATCH_PAGES = 16;

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
  const writer = openOutput({ outDir: options.outDir });
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
    const renderer = await createBatchRenderer({ data, template, assets, cacheDir, upTo, groupSizes: fixed.groupSizes, home }, { jobs, server });
    try {
      await renderAllPages({ timer, routes, renderer, check, writer, sizes });
    } finally {
      await renderer.close();
    }
    timer.report('cards', (count) => `${count} social cards`);
    timer.report('render', (count) => `${count} pages${renderer.workers ? ` in ${renderer.workers} workers (their time added up)` : ''}`);
    // The check of each page is part of its render time; what is left needs every file.
    const problems = await timer.add('check', () => check.finish());
    timer.report('check', () => (problems.length ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}` : 'links, titles, budgets, secrets'));
    // A site that fails its checks never replaces the previous out/.
    if (problems.length > 0) throw new OutputProblemError(problems);
    saveBrotliSizes();
    await timer.add('write', () => writer.commit());
    if (cacheDir) await pruneCache(cacheDir);
    timer.report('write', (count) => `${count} files`);
  } catch (error) {
    writer.abort();
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
  writeTimed(timer, writer, fixed);
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
 * Every page, a batch at a time (several in flight when workers render). Each page is
 * checked, measured and written the moment it is rendered (the batch's social cards just
 * before its pages), so the build holds no page longer than that.
 */
async function renderAllPages(context: StageContext & { routes: RouteRecord[]; renderer: BatchRenderer }) {
  const { timer, routes, renderer, check, writer } = context;
  const inFlight: { done: Promise<{ cards: number; render: number }>; pages: number }[] = [];
  let next = 0;
  const launch = () => {
    while (inFlight.length < renderer.window && next < routes.length) {
      const batch = { pages: 0, done: Promise.resolve({ cards: 0, render: 0 }) };
      batch.done = renderer.render(routes.slice(next, next + BATCH_PAGES), {
        cards: (cards) => {
          check.add(cards);
          timer.record('cards', 0, cards.length);
          writeTimed(timer, writer, cards);
        },
        page: ({ page, scan, size }) => {
          check.add([page], [size], new Map([[page.file, scan]]));
          context.sizes.push(size);
          batch.pages += 1;
          writeTimed(timer, writer, [page]);
        },
      });
      batch.done.catch(() => {}); // awaited in order below
      inFlight.push(batch);
      next += BATCH_PAGES;
    }
  };
  launch();
  while (inFlight.length > 0) {
    const batch = inFlight.shift()!;
    const ms = await batch.done;
    timer.record('cards', ms.cards);
    timer.record('render', ms.render, batch.pages);
    launch();
  }
}

/** Writes files, their time counted as the write stage's (and not the render's it happens in). */
function writeTimed(timer: StageTimer, writer: OutputWriter, files: OutputFile[]): void {
  const start = performance.now();
  writer.write(files);
  timer.record('write', performance.now() - start, files.length);
}
