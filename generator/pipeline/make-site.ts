import { readFileSync } from 'node:fs';
import path from 'node:path';
import { layoutDataOf } from '../../site/model/page-data.ts';
import { collectRoutes } from '../content/collect-routes.ts';
import type { LoginCredentials } from '../content/login-gate.ts';
import { readContent } from '../content/read-content.ts';
import { OutputProblemError } from '../errors.ts';
import { imageStamps } from '../images/image-stamps.ts';
import { pageImagesOf, type PageImages } from '../images/page-images.ts';
import { pruneCache } from '../images/image-cache.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import type { StageTimer } from '../stage-timer.ts';
import { brotliSize } from './brotli-size.ts';
import type { BuildCache } from './build-cache.ts';
import { CACHE_FORMAT } from './build-record.ts';
import type { Manifest } from './record-types.ts';
import { peakMb, type BuildOptions, type BuildResult } from './build-result.ts';
import { createOutputCheck } from './check-output.ts';
import type { ClientBundle } from './client-bundle.ts';
import { digest } from './digest.ts';
import { SiteFiles } from './file-table.ts';
import { putFixedFiles } from './fixed-files.ts';
import { putImageFiles } from './image-files.ts';
import type { NewSite } from './new-site.ts';
import { cardInputMaker, layoutDigest, pageFilesOf, pageInputMaker, pageKeyMaker } from './page-input.ts';
import { BUDGETS, type PageSize } from './page-sizes.ts';
import { priceChanges, pricesOf } from './prices.ts';
import { renderChanged } from './render-changed.ts';
import { reusePages } from './reuse-pages.ts';
import type { OutLook } from './out-look.ts';
import type { FileSource, LastOutput } from './last-output.ts';
import { openOutput } from './write-output.ts';

/** What the build knows by the time it finds that something changed (build.ts). */
export interface BuildSoFar {
  started: number;
  label: string;
  credentials: LoginCredentials | null;
  timer: StageTimer;
  cache: BuildCache;
  /** The last build's record (null: none, or --no-cache); out/'s states in it only if it wrote this out/. */
  last: Manifest | null;
  /** What the last build left in this out/ and its spare. */
  lastOutput: LastOutput | null;
  /** A look at out/ under way (lookAtOut), when out/ is the last build's. */
  outLook: Promise<OutLook> | null;
  client: ClientBundle;
  source: FileSource;
  /** content.yaml's text (decodeContent). */
  text: string;
  displayName: string;
  code: string;
  /** The hash of everything the build read, recorded for the next build's no-op check. */
  inputs: string;
}

/**
 * Makes the site, doing what changed since the last build: read the content, collect the
 * routes and each page's input; render the pages whose input changed (checked and written
 * the moment each is rendered), take the others from the last build; check what needs
 * every page (links, titles, budgets, secrets); swap the new out/ in and record the build.
 * Problems anywhere leave the previous out/ untouched.
 */
export async function makeSite(options: BuildOptions & { outDir: string }, known: BuildSoFar): Promise<BuildResult> {
  const { outDir } = options;
  const { started, label, credentials, timer, cache, last, lastOutput, outLook, client, source, text, displayName, code, inputs } = known;
  const { data, images } = await readContent({ file: options.contentFile, text, credentials, timer });
  const routes = await timer.time('routes', () => collectRoutes({ data }), (value) => `${value.length} pages`);
  const template = readFileSync(path.join(PACKAGE_ROOT, 'templates', 'document.html'), 'utf8');
  // Each page's input is made only when needed: to key it (most pages), render it, or walk its images.
  const inputOf = pageInputMaker(data, routes);
  const pages = pageFilesOf(data, routes);
  const upTo = options.exactSizes ? undefined : (options.budgets ?? BUDGETS);
  // What every page is made from besides its input: the code, the template, the asset names,
  // the layout; and the budgets, below which a page's size is estimated rather than measured.
  const shared = digest([code, template, JSON.stringify(client.assets), layoutDigest(layoutDataOf(data)), JSON.stringify(upTo ?? null)].join('\0'));
  // Each page's key is made once, when first needed: to compare with the last build's, or to record.
  const keys: string[] = [];
  const makeKey = pageKeyMaker(data, routes, shared, inputOf);
  const keyOf = (index: number) => (keys[index] ??= makeKey(index));
  const login = { siteUrl: data.site.url, hash: data.login.hash };

  // out/ as the last build left it: the look begun in a worker (made here should it fail),
  // then the bytes of the files too recent to trust by their time.
  const writer = await timer.time('out', async () => openOutput({ outDir, last: lastOutput, source, looked: await outLook?.catch(() => null) }));
  const files = new SiteFiles(cache.output?.files ?? null);
  const site: NewSite = {
    writer,
    check: createOutputCheck({ siteUrl: data.site.url, credentials, budgets: options.budgets, outLabel: label, files, expectedFiles: routes.map((route) => route.file) }),
    files,
    records: {},
    sizes: options.exactSizes ? [] : null,
  };
  try {
    const content = () => ({ file: options.contentFile, displayName, source: text, data: null });
    const imageSizes = await timer.time('images', () => putImageFiles(site, images, { cache, content }), () => `${images.variants.length} files from ${images.sources.length} images`);
    // What each page's images cost a phone, for the budget and --report (a site without images has none to walk).
    const imagesAt = (index: number): PageImages | undefined => (imageSizes.size > 0 ? pageImagesOf(inputOf(index), (url) => imageSizes.get(url) ?? 0) : undefined);
    const fixedSizes = await timer.time('fixed', () => putFixedFiles(site, { data, routes, client, imagesDir: cache.imagesDir, upTo }));
    // New login credentials: every page is checked for them, so every page renders.
    const recheck = !last || last.login.siteUrl !== login.siteUrl || last.login.hash !== login.hash;
    const toRender = await timer.time(
      'reuse',
      () => reusePages(site, pages, keyOf, { last, cache, recheck, assets: client.assets, imagesAt }),
      (indexes) => `${pages.length - indexes.length} pages as the last build made them`,
    );
    const todo = toRender.map((index) => ({ index, path: routes[index]!.path }));
    const rendered = await renderChanged(site, todo, { template, assets: client.assets, cache, upTo, jobs: options.jobs, timer, total: pages.length, keyOf, inputOf, cardInputOf: cardInputMaker(data, routes), imagesAt });
    const problems = await timer.time('check', () => site.check.finish(), (value) => (value.length ? `${value.length} ${value.length === 1 ? 'problem' : 'problems'}` : 'links, titles, budgets, secrets'));
    // A site that fails its checks never replaces the previous out/.
    if (problems.length > 0) throw new OutputProblemError(problems);
    const committed = await timer.add('write', () => site.writer.commit(site.files));
    timer.report('write', () => `${committed.written.length} files written, ${committed.removed.length} removed`);
    // Kept only for --report, and then measured exactly.
    const sizes = site.sizes ? exactSizes([...fixedSizes, ...site.sizes], outDir) : [];
    const prices = pricesOf(data);
    const manifest: Omit<Manifest, 'store'> = {
      kind: 'site-build-cache',
      format: CACHE_FORMAT,
      inputs,
      login,
      outDir,
      pages: site.records,
      fixedSizes,
      files: site.files,
      prices,
      images: imageStamps(images.sources),
      out: committed.out,
      spare: committed.spare,
    };
    await timer.time('record', () => cache.save(manifest));
    await pruneCache(cache.imagesDir);
    const written = new Set(committed.written);
    return {
      pages: routes.length,
      assets: client.assets,
      peakMb: peakMb(),
      stages: timer.stages,
      sizes,
      changes: {
        rendered,
        pages: routes.filter((route) => written.has(route.file)).map((route) => route.path),
        written: committed.written,
        removed: committed.removed,
        prices: last ? priceChanges(last.prices, prices, { source: text, displayName }) : [],
      },
      upToDate: false,
      ms: performance.now() - started,
    };
  } catch (error) {
    site.writer.abort();
    throw error;
  }
}

/** Brotli sizes for every page measured with raw sizes standing in (for `--report`), from the pages in out/. */
function exactSizes(sizes: PageSize[], outDir: string): PageSize[] {
  for (const size of sizes) {
    if (size.exact) continue;
    size.html.brotli = brotliSize(readFileSync(path.join(outDir, size.file)));
    size.total.brotli = size.html.brotli + size.css.brotli + size.js.brotli;
    size.exact = true;
  }
  return sizes;
}
