import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadContent } from './content/load.ts';
import { validateContent } from './content/validate.ts';
import { deriveContent, type SiteData } from './content/derive.ts';
import { copyWithOwnStrings, ownString } from './own-strings.ts';
import { renderRoots } from './render.ts';
import { collectRoutes, type RouteRecord } from './routes.ts';
import { bundleClient, stopEsbuild, type ClientAssets } from './bundle.ts';
import { createBatchRenderer } from './render-pool.ts';
import type { BatchResult } from './render-batch.ts';
import { availableParallelism } from 'node:os';
import { openOutput, type OutputWriter } from './write.ts';
import { hashLoginCredentials } from './login-hash.ts';
import { PACKAGE_ROOT } from './paths.ts';
import { isCourseGroupFile, staticFiles } from './static-files.ts';
import { renderAppIcons } from './app-icons.ts';
import { hostingFiles } from './hosting-files.ts';
import { createOutputCheck } from './check-output.ts';
import { BUDGETS, measurePages, type Budgets, type PageSize, type Size } from './page-sizes.ts';
import { DEFAULT_PNG_CACHE_DIR, pruneCache } from './png.ts';
import { OutputProblemError } from './errors.ts';
import { addBrotliSizes, brotliSize, saveBrotliSizes } from './brotli-size.ts';
import { collectAll, holdYoungGeneration, paceHeap } from './heap-pacer.ts';
import { assertReplaceableOutput } from './output-names.ts';

/** One finished stage, for progress lines and timing. */
export interface StageReport {
  name: string;
  ms: number;
  detail?: string;
}

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
  stages: StageReport[];
  /** What a first visit to each page downloads; exact with `exactSizes` (for `--report`). */
  sizes: PageSize[];
  ms: number;
}

/** How problems name the output folder: relative to the working folder when inside it. */
function outLabel(outDir: string): string {
  const relative = path.relative(process.cwd(), outDir);
  return (relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : outDir).split(path.sep).join('/');
}

async function timed<T>(stages: StageReport[], options: BuildOptions, name: string, run: () => Promise<T> | T, detail?: (value: T) => string): Promise<T> {
  const start = performance.now();
  const value = await run();
  const stage = { name, ms: performance.now() - start, detail: detail?.(value) };
  stages.push(stage);
  options.onStage?.(stage);
  return value;
}

// Lives in content/check.ts so that `site check` never loads the bundler or React.
export { checkContent } from './content/check.ts';

/** Pages rendered, checked and written per batch, at most: bounded memory however large the site. */
const BATCH_SIZE = 64;

/**
 * About how many bytes of HTML a batch should hold. Three batches are alive at a time
 * (one rendering, one being checked, one being written), so pages ten times the usual
 * size (a course list page, a catalogue of a thousand books) come in smaller batches:
 * 64 of them at once held 37 MB of HTML at 10,000 courses.
 */
export const BATCH_BYTES = 1.5 * 1024 * 1024;

/** The next batch's size, from the HTML bytes per page of the last one. */
export function nextBatchSize(lastPages: number, lastHtmlBytes: number): number {
  if (lastPages === 0 || lastHtmlBytes <= 0) return BATCH_SIZE;
  return Math.max(1, Math.min(BATCH_SIZE, Math.floor(BATCH_BYTES / (lastHtmlBytes / lastPages))));
}

/**
 * From this many pages, and with at least WORKERS_MIN_CORES cores, batches render in
 * worker threads by default. Below, starting them (each loads the CLI and React, ~0.3 s)
 * costs more than it saves: measured slower at 1,000 courses.
 */
export const WORKERS_FROM = 5000;

/**
 * Each worker holds its own React and copy of the content: at 10,000 courses two workers
 * peaked at 280 MB against 145 MB in one thread, for 5–15% less time on 2 cores. Fewer
 * cores than this render in the build's own thread unless `--jobs` says otherwise.
 */
export const WORKERS_MIN_CORES = 4;

/** Render threads when `--jobs` is not given. */
export function defaultJobs(pages: number, cores = availableParallelism()): number {
  return pages >= WORKERS_FROM && cores >= WORKERS_MIN_CORES ? cores : 1;
}

/** Adds up a stage that runs once per batch, reported once at the end. */
function stageClock(stages: StageReport[], options: BuildOptions) {
  const totals = new Map<string, { ms: number; count: number; unit: string }>();
  return {
    async time<T>(name: string, run: () => Promise<T> | T, count = 0, unit = ''): Promise<T> {
      const start = performance.now();
      const value = await run();
      const total = totals.get(name) ?? { ms: 0, count: 0, unit };
      total.ms += performance.now() - start;
      total.count += count;
      totals.set(name, total);
      return value;
    },
    /** Adds time measured elsewhere (a worker's). */
    add(name: string, ms: number, count = 0, unit = '') {
      const total = totals.get(name) ?? { ms: 0, count: 0, unit };
      total.ms += ms;
      total.count += count;
      totals.set(name, total);
    },
    report(name: string, detail?: string) {
      const total = totals.get(name);
      if (!total) return;
      const stage = { name, ms: total.ms, detail: detail ?? (total.unit ? `${total.count} ${total.unit}` : undefined) };
      stages.push(stage);
      options.onStage?.(stage);
    },
  };
}

/**
 * content.yaml to the data pages render: load, validate, log-in hash, derive. Its own
 * function so that the parse tree and the validated copy are garbage once it returns.
 */
async function readSite(stages: StageReport[], options: BuildOptions, env: NodeJS.ProcessEnv): Promise<SiteData> {
  const loaded = await timed(stages, options, 'load', () => loadContent({ file: options.contentFile }));
  const content = await timed(stages, options, 'validate', () => validateContent(loaded));
  const login = await timed(stages, options, 'login', () =>
    hashLoginCredentials({ username: env.SITE_LOGIN_USERNAME, password: env.SITE_LOGIN_PASSWORD, siteUrl: content.site.url }),
  );
  if (!login.hash)
    options.onWarning?.('SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD are not set: the login page will refuse every attempt.');
  // Strings read from content.yaml may be views into its whole text, and are two-byte
  // when the file is: copied, each is its own, in one byte per character where it can be.
  return await timed(stages, options, 'derive', () => copyWithOwnStrings(deriveContent(content, { login })));
}

/**
 * Bundles the client, renders the icons, and checks and writes every file that is not a
 * page (scripts, styles, icons, sitemap, hosting rules). Its own function so that those
 * bytes (megabytes of scripts on a large site) are garbage once written.
 */
async function writeFixedFiles(context: {
  stages: StageReport[];
  options: BuildOptions;
  clock: ReturnType<typeof stageClock>;
  check: ReturnType<typeof createOutputCheck>;
  writer: OutputWriter;
  data: SiteData;
  routes: RouteRecord[];
  cacheDir: string | null;
  upTo: Budgets | undefined;
  sizes: PageSize[];
  /** Render the first pages' React trees while the client is bundled (when this thread renders them). */
  renderAhead: boolean;
}): Promise<{ assets: PageAssets; template: string; groupSizes: Size[]; roots: Map<string, string> }> {
  const { stages, options, clock, check, writer, data, routes, cacheDir, upTo } = context;
  let bundling = true;
  const [assets, template, icons, roots] = await Promise.all([
    timed(stages, options, 'bundle', async () => {
      try {
        const bundled = await bundleClient({ data });
        // The build bundles once: stopping esbuild's service frees its buffers (as large as
        // the largest output) and its process. A later call starts it again.
        await stopEsbuild();
        return bundled;
      } finally {
        bundling = false;
      }
    }),
    readFile(path.join(PACKAGE_ROOT, 'templates', 'document.html'), 'utf8'),
    renderAppIcons({ data, cacheDir }),
    context.renderAhead ? renderWhile(() => bundling, data, routes) : new Map<string, string>(),
  ]);
  const fixed = [...assets.files, ...staticFiles({ data }), ...icons, ...hostingFiles({ data, routes })];
  const styles = assets.files.filter((file) => file.file.endsWith('.css'));
  const fixedSizes = await clock.time('check', () => measurePages({ files: [...fixed.filter((file) => file.file.endsWith('.html')), ...styles], upTo }));
  context.sizes.push(...fixedSizes);
  check.add(fixed, fixedSizes);
  await clock.time('write', () => writer.write(fixed), fixed.length, 'files');
  // Course groups count toward the first visits that load them (render-batch.ts). Brotli
  // is slow: without budgets to check or an exact report, their raw size stands in.
  const exact = upTo === undefined || Number.isFinite(upTo.js);
  const groupSizes = fixed
    .filter((file) => isCourseGroupFile(file.file))
    .map((file) => {
      const raw = Buffer.byteLength(file.contents);
      return { raw, brotli: exact ? brotliSize(file.contents) : raw };
    });
  return { assets: { ...assets, files: styles, count: assets.files.length }, template, groupSizes, roots };
}

/**
 * The first pages' React trees, rendered while `busy()` (esbuild bundling the client in its
 * own process: pages need of it only their script names, for the head). A page per turn of
 * the event loop, so that the bundler's callbacks into this thread are not held up; at most
 * a batch's worth of pages and AHEAD_CHARS of HTML. The real content's 27 pages render
 * in about the time it bundles.
 */
async function renderWhile(busy: () => boolean, data: SiteData, routes: readonly RouteRecord[]): Promise<Map<string, string>> {
  const roots = new Map<string, string>();
  let chars = 0;
  for (const route of routes) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!busy() || roots.size >= BATCH_SIZE || chars >= AHEAD_CHARS) break;
    // Copied flat: React's string is a rope of every chunk it wrote, ten times the size.
    const root = ownString(renderRoots({ data, routes: [route] }).get(route.path)!);
    roots.set(route.path, root);
    chars += root.length;
    paceHeap();
  }
  return roots;
}

/**
 * How much HTML is rendered ahead, at most: the whole real site (370 KB); on a large one,
 * its first pages (a catalogue page of 1,000 books, rendered on top of the bundle's
 * memory, raised the 10,000-course peak by 6 MB).
 */
const AHEAD_CHARS = 512 * 1024;

/**
 * content.yaml to out/: load, validate, derive, route, bundle; then, a batch of pages at
 * a time, social cards, render, check and write into a staging folder; finally the
 * checks that need the whole site (links, titles) and the swap. Problems anywhere leave
 * the previous out/ untouched.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const releaseYoungGeneration = holdYoungGeneration();
  try {
    return await buildSite(options);
  } finally {
    releaseYoungGeneration();
  }
}

async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const stages: StageReport[] = [];
  const env = options.env ?? process.env;
  // Before any work: the output folder is replaced whole, so it must be one a build wrote.
  await assertReplaceableOutput(options.outDir, { label: outLabel(options.outDir) });
  const data = await readSite(stages, options, env);
  // The parse tree and the validated copy are garbage now: collected before rendering
  // starts, the heap does not grow on top of them.
  collectAll();
  const routes = await timed(stages, options, 'routes', () => collectRoutes({ data }), (value) => `${value.length} pages`);
  const cacheDir = options.cacheDir === undefined ? DEFAULT_PNG_CACHE_DIR : options.cacheDir;
  const writer = await openOutput({ outDir: options.outDir });
  const sizes: PageSize[] = [];
  let assets: PageAssets;
  try {
    const clock = stageClock(stages, options);
    const credentials = { username: env.SITE_LOGIN_USERNAME, password: env.SITE_LOGIN_PASSWORD };
    const check = createOutputCheck({ siteUrl: data.site.url, credentials, budgets: options.budgets, outLabel: outLabel(options.outDir), expectedFiles: routes.map((route) => route.file) });
    const upTo = options.exactSizes ? undefined : (options.budgets ?? BUDGETS);
    const jobs = options.jobs ?? defaultJobs(routes.length);
    const fixed = await writeFixedFiles({ stages, options, clock, check, writer, data, routes, cacheDir, upTo, sizes, renderAhead: jobs === 1 });
    assets = fixed.assets;
    const { template, groupSizes, roots } = fixed;
    collectAll(); // the bundle's files, written

    // Batches render in worker threads on a large site (the compiled CLI only), in order
    // of completion inside a window; results are checked and written in route order.
    const home = routes.find((route) => route.path === '/')!;
    const renderer = createBatchRenderer({ data, template, assets, cacheDir, upTo, groupSizes, home }, { jobs, roots });
    let cardCount = 0;
    let writing: Promise<void> = Promise.resolve();
    let written = 0;
    try {
      const inFlight: Promise<BatchResult>[] = [];
      let next = 0;
      // The first batch is small: pages of unknown size. Then each batch is sized from the
      // last, so batches of large pages hold about as many bytes as batches of small ones.
      let batchSize = 8;
      const launch = () => {
        while (inFlight.length < renderer.window && next < routes.length) {
          const promise = renderer.render(routes.slice(next, next + batchSize));
          promise.catch(() => {}); // awaited in order below
          inFlight.push(promise);
          next += batchSize;
        }
      };
      launch();
      while (inFlight.length > 0) {
        const result = await inFlight.shift()!;
        paceHeap();
        batchSize = nextBatchSize(result.measured.length, result.measured.reduce((sum, size) => sum + size.html.raw, 0));
        launch();
        // Worker-measured brotli sizes join this thread's cache, saved with the site.
        addBrotliSizes(result.brotli);
        clock.add('cards', result.ms.cards, result.cards.length, 'social cards');
        clock.add('render', result.ms.render, result.pages.length, 'pages');
        clock.add('check', result.ms.check);
        cardCount += result.cards.length;
        sizes.push(...result.measured);
        await clock.time('check', () => check.add([...result.pages, ...result.cards], result.measured, result.scanned));
        // Written while the next batches render: the disk works on libuv's threads. At
        // most one batch's write is in flight.
        await clock.time('write', () => writing);
        writing = writer.write([...result.pages, ...result.cards]);
        writing.catch(() => {}); // awaited (and thrown) above or below, never unhandled
        written += result.pages.length + result.cards.length;
      }
      await clock.time('write', () => writing, written, 'files');
    } finally {
      await renderer.close();
    }
    clock.report('cards', `${cardCount} social cards`);
    clock.report('render', `${routes.length} pages${renderer.workers ? ` in ${renderer.workers} workers (their time added up)` : ''}`);
    const problems = await clock.time('check', () => check.finish());
    clock.report('check', problems.length ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}` : 'links, titles, budgets, secrets');
    // A site that fails its checks never replaces the previous out/.
    if (problems.length > 0) throw new OutputProblemError(problems);
    saveBrotliSizes();
    await clock.time('write', () => writer.commit());
    if (cacheDir) await pruneCache(cacheDir);
    clock.report('write');
  } catch (error) {
    await writer.abort();
    throw error;
  }
  sizes.sort((a, b) => a.file.localeCompare(b.file));
  return { pages: routes.length, routes, assets, stages, sizes, ms: performance.now() - started, peakMb: process.resourceUsage().maxRSS / 1024 };
}
