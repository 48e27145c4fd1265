import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { openBuildCache, retiredIds, tidyCache } from '../cache/build-cache.ts';
import { prepareRecord, type BuildRecord } from '../cache/build-record.ts';
import { lockCache } from '../cache/cache-lock.ts';
import { codeVersion } from '../cache/code-version.ts';
import { brotliSizeInPool, inLanes } from '../check/brotli-size.ts';
import { BUDGETS, type PageSize } from '../check/page-sizes.ts';
import { hashLogin, loginCredentials, loginOffWarning } from '../content/login-gate.ts';
import { BuildProblemError } from '../problems/errors.ts';
import { fileSystemProblem } from '../problems/file-system-problem.ts';
import { buildFolders } from './build-folders.ts';
import { downloadsOf, peakMb, type BuildOptions, type BuildResult } from './build-result.ts';
import { readInputs } from './read-inputs.ts';
import { createStageTimer } from './stage-timer.ts';
import { upToDate } from './up-to-date.ts';

/**
 * content.yaml to out/, doing what changed since the last build: read what the site is
 * made from; stop there if out/ already is that site; else read the content, take the
 * client bundle, open out/ for the new site, make it (make-site.ts: plan, keep, render,
 * check), swap it in and record it. A problem anywhere leaves the previous out/ as it was.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timer = createStageTimer(options.onStage);
  const warn = (message: string) => options.onWarning?.(message);
  const folders = await buildFolders(options);
  const credentials = loginCredentials(options.env ?? process.env);
  if (!credentials) warn(loginOffWarning(options.env ?? process.env));
  const lock = await lockCache(folders.cacheDir, {
    onWait: (pid) => warn(`waiting for another build (process ${pid}) to finish with the build cache in ${folders.cacheDir}`),
    onTakeOver: warn,
  });
  try {
    const cache = await timer.time('cache', () => openBuildCache({ dir: folders.cacheDir, fresh: options.noCache, onWarning: warn }));
    const last = cache.record;
    const budgets = options.budgets ?? BUDGETS;
    const inputs = await timer.time('inputs', () => readInputs(options.contentFile, { budgets, exact: options.exactSizes ?? false }));
    // The cache knows the login pair only by the gate the login page publishes (a salted
    // PBKDF2 hash), never by a fast hash that a copy of the cache could be searched with.
    const gate = last && credentials ? await hashLogin(credentials, last.login.siteUrl) : null;
    const out = options.exactSizes ? null : upToDate(last, inputs, { outDir: folders.outDir, loginHash: gate?.hash ?? null });
    if (last && out) {
      // Files checked by their bytes this time are trusted by their time from now on.
      if (out !== last.out) prepareRecord(cache.dir, { ...last, out }).commit();
      return { pages: Object.keys(last.pages).length, downloads: last.downloads, peakMb: peakMb(), stages: timer.stages, sizes: [], changes: { rendered: [], pages: [], written: [], removed: [], prices: [] }, upToDate: true, ms: performance.now() - started };
    }

    // The last build's out/ and spare are known only if it wrote this out/.
    const lastHere = last && last.outDir === folders.outDir ? last : null;
    // The rest of the engine is loaded only now: a build with nothing to do never needs it
    // (zod, the schema, React's renderer: a tenth of a second).
    const [{ readContent }, { clientBundle }, { openOutput }, { makeSite, renderedFilesOf }, { cachedCopies }, { priceChanges, pricesOf }] = await Promise.all([
      import('../content/read-content.ts'),
      import('../client/cached-bundle.ts'),
      import('../output/write-output.ts'),
      import('./make-site.ts'),
      import('./cached-copies.ts'),
      import('../content/prices.ts'),
    ]);
    // esbuild bundles in its own process while this one reads the content.
    const bundling = timer.time('bundle', () => clientBundle(cache.clientDir, { fresh: options.noCache, onWarning: warn }), (value) => (value.bundled ? undefined : 'unchanged since the last build'));
    bundling.catch(() => {}); // awaited below, once the content is read
    // out/ is opened before the content is read: a spare known only by its bytes is looked at meanwhile.
    const output = await timer.time('out', async () => openOutput({ outDir: folders.outDir, last: lastHere }));
    try {
      const content = await readContent({ file: options.contentFile, text: inputs.text, credentials, timer });
      const client = await bundling;
      const copies = cachedCopies({ outDir: folders.outDir, last: lastHere?.files ?? null, cache });
      const site = await makeSite(
        { content, contentText: { file: options.contentFile, displayName: inputs.displayName, source: inputs.text }, client, template: inputs.template, code: inputs.code, last },
        {
          output,
          copyOf: copies.copyOf,
          images: cache.images,
          drawCards: true,
          credentials,
          budgets: options.budgets,
          exactSizes: options.exactSizes,
          jobs: options.jobs ?? undefined,
          outLabel: folders.outLabel,
          onWarning: warn,
          timer,
        },
      );
      // A file of the code saved while the pages rendered: they are of no one version, and
      // the record would file them under the version read at the start.
      if (codeVersion() !== inputs.code) {
        throw new BuildProblemError('generator/, site/ or templates/ changed while the site was built, so out/ is left as it was', { hint: 'Run site build again once the files are saved.' });
      }
      // Stopped long enough for another build to take the cache over: that build's out/
      // (perhaps of newer content) is not replaced by this one's.
      if (!lock.held()) {
        throw new BuildProblemError('another build took over the build cache while this one was stopped, so out/ is left as that build makes it', { hint: 'Run site build again if that build did not finish.' });
      }
      const damaged = copies.damaged();
      if (damaged > 0) warn(`${damaged} ${damaged === 1 ? 'file' : 'files'} in the build cache did not match the hash ${damaged === 1 ? 'it was' : 'they were'} kept under: made again instead`);
      const prices = pricesOf(content.data);
      let record: BuildRecord = {
        inputs: inputs.digest,
        login: { siteUrl: content.data.site.url, hash: content.data.login.hash },
        outDir: folders.outDir,
        pages: site.pages,
        files: site.files,
        downloads: downloadsOf(client.assets),
        fixedSizes: site.fixedSizes,
        prices,
        images: content.images.stamps,
        out: null,
        spare: null,
        retired: last ? retiredIds(last.files, site.files) : [],
      };
      // The record is written before the swap (a full disk fails the build with out/ as it
      // was) and put in place after it.
      let saved: { commit: () => void } | undefined;
      const committed = await timer.time('write', () =>
        output.commit(site.files, (states) => {
          record = { ...record, out: states.out, spare: states.spare };
          saved = prepareRecord(cache.dir, record);
        }),
      (value) => `${value.written.length} files written, ${value.removed.length} removed`);
      saved!.commit();
      await timer.time('tidy', () => {
        try {
          // The pages rendered now are kept for later builds: linked from out/, where they are whole.
          for (const [file, id] of renderedFilesOf(site)) cache.store.keep(id, path.join(folders.outDir, file));
          tidyCache(cache, site.files, last);
        } catch (error) {
          // out/ is in place and recorded: a cache that could not keep or let go of files
          // costs a later build time (it renders what it lacks), never this build.
          const problem = fileSystemProblem(error);
          if (!problem) throw error;
          warn(`the build cache could not keep this build's pages (${problem.message}); out/ is built, and the next build renders what the cache lacks`);
        }
      });
      const written = new Set(committed.written);
      return {
        pages: Object.keys(site.pages).length,
        downloads: downloadsOf(client.assets),
        peakMb: peakMb(),
        stages: timer.stages,
        sizes: options.exactSizes ? await timer.time('report', () => measuredExactly(site.sizes, folders.outDir)) : [],
        changes: {
          rendered: site.rendered,
          pages: site.routes.filter((route) => written.has(route.file)).map((route) => route.path),
          written: committed.written,
          removed: committed.removed,
          prices: last ? priceChanges(last.prices, prices, { source: inputs.text, displayName: inputs.displayName }) : [],
        },
        upToDate: false,
        ms: performance.now() - started,
      };
    } catch (error) {
      output.abort();
      // esbuild may still be bundling (the content failed first): it writes into the cache,
      // so the lock is held until it ends, and its line comes before the problems, not among them.
      await bundling.catch(() => {});
      throw error;
    }
  } finally {
    lock.release();
  }
}


/**
 * Every page's size for --report, exact: each page whose brotli figure is an estimate is
 * measured from out/ at quality 11 (brotli's slowest), one page per core at a time.
 */
async function measuredExactly(sizes: PageSize[], outDir: string): Promise<PageSize[]> {
  await inLanes(
    sizes.filter((size) => !size.exact),
    availableParallelism(),
    async (size) => {
      size.html.brotli = await brotliSizeInPool(readFileSync(path.join(outDir, size.file)));
      size.total.brotli = size.html.brotli + size.css.brotli + size.js.brotli;
      size.exact = true;
    },
  );
  return sizes;
}
