import path from 'node:path';
import { contentDisplayName, decodeContent, readContentBytes } from '../content/content-file.ts';
import { hashLogin, loginCredentials } from '../content/login-gate.ts';
import { sameImages } from '../images/image-stamps.ts';
import { CACHE_ROOT } from '../paths.ts';
import { createStageTimer } from '../stage-timer.ts';
import { openBuildCache, type BuildCache } from './build-cache.ts';
import { CACHE_FORMAT } from './build-record.ts';
import { peakMb, type BuildOptions, type BuildResult } from './build-result.ts';
import { lockCache } from './cache-lock.ts';
import { clientBundle, type ClientBundle } from './client-bundle.ts';
import { codeVersion } from './code-version.ts';
import { digest } from './digest.ts';
import { assertReplaceableOutput } from './output-folder.ts';
import { BUDGETS } from './page-sizes.ts';
import { checkOut, lookAtOut, type FileSource } from './last-output.ts';

/** How problems name the output folder: relative to the working folder when inside it. */
function outLabel(outDir: string): string {
  const relative = path.relative(process.cwd(), outDir);
  return (relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : outDir).split(path.sep).join('/');
}

/**
 * content.yaml to out/, doing what changed since the last build: read the content, collect
 * the routes and each page's input; render the pages whose input changed (checked and
 * written the moment each is rendered), take the others from the last build; check what
 * needs every page (links, titles, budgets, secrets); swap the new out/ in. Problems
 * anywhere leave the previous out/ untouched.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const outDir = path.resolve(options.outDir);
  const label = outLabel(outDir);
  // Before any work: credentials too short to check for, and an output folder a build did not write.
  const credentials = loginCredentials(options.env ?? process.env);
  await assertReplaceableOutput(outDir, { label });
  if (!credentials) options.onWarning?.('SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD are not set: the login page will refuse every attempt.');
  const cacheDir = path.resolve(options.cacheDir ?? CACHE_ROOT);
  const release = await lockCache(cacheDir, (pid) => options.onWarning?.(`waiting for another build (process ${pid}) to finish with the build cache in ${cacheDir}`));
  try {
    return await buildWithCache({ ...options, outDir, cacheDir }, { started, label, credentials });
  } finally {
    release();
  }
}

/** The build itself, holding the cache's lock. */
async function buildWithCache(
  options: BuildOptions & { outDir: string; cacheDir: string },
  context: { started: number; label: string; credentials: ReturnType<typeof loginCredentials> },
): Promise<BuildResult> {
  const { outDir } = options;
  const { started, label, credentials } = context;
  const timer = createStageTimer(options.onStage);
  const cache = await timer.time('cache', () => openBuildCache({ dir: options.cacheDir, fresh: options.noCache, onWarning: options.onWarning }));
  // The states of out/ and its spare are the last build's only if it wrote this out/.
  const last = cache.previous && (cache.previous.outDir === outDir ? cache.previous : { ...cache.previous, out: null, spare: null });
  const lastOutput = cache.output?.outDir === outDir ? cache.output : null;
  // The cache knows the login pair only by the gate the login page publishes (a salted
  // PBKDF2 hash), never by a fast hash that a copy of the cache could be searched with.
  // Hashing takes a third of a second, in libuv's threads while this one goes on.
  const gate = last && credentials ? hashLogin(credentials, last.login.siteUrl) : null;

  const displayName = contentDisplayName(options.contentFile);
  const bytes = readContentBytes(options.contentFile, displayName);
  const code = await timer.time('code', () => codeVersion());
  const inputs = digest([CACHE_FORMAT, code, digest(bytes), JSON.stringify(options.budgets ?? BUDGETS), options.exactSizes ? 'exact' : ''].join('\0'));
  const sameLogin = last !== null && ((await gate)?.hash ?? null) === last.login.hash;

  const client = await timer.time('bundle', () => clientBundle(cache, { fresh: options.noCache }), (value) => (value.bundled ? undefined : 'unchanged since the last build'));
  const source = cacheSource(cache, client);

  // Nothing the site is made from has changed, and out/ is as the last build left it: done.
  const out = last && last.inputs === inputs && sameLogin && sameImages(last.images) && !options.exactSizes ? checkOut(outDir, last, source) : null;
  if (last && out) {
    // Files checked by their bytes this time are trusted by their time from now on.
    if (out !== last.out) {
      const { store: _, ...record } = last;
      cache.save({ ...record, out });
    }
    return {
      pages: Object.keys(last.pages).length,
      assets: client.assets,
      peakMb: peakMb(),
      stages: timer.stages,
      sizes: [],
      changes: { rendered: [], pages: [], written: [], removed: [], prices: [] },
      upToDate: true,
      ms: performance.now() - started,
    };
  }

  // Something changed: out/ is looked at aside while the content is read; the rest of the
  // pipeline is loaded only now, so that a build with nothing to do costs a start-up, a
  // read of the record and a look at out/.
  const outLook = lookAtOut(outDir, lastOutput);
  outLook?.catch(() => {}); // awaited when out/ is opened
  const { makeSite } = await import('./make-site.ts');
  // From here on the file is its text: the parse reads it, a problem is located in it, and
  // the bytes, hashed above, are let go.
  const text = decodeContent(bytes, displayName);
  return makeSite(options, { started, label, credentials, timer, cache, last, lastOutput, outLook, client, source, text, displayName, code, inputs });
}

/** Where the cache keeps each file of the site: the client bundle's folder, the images, the store of pages. */
function cacheSource(cache: BuildCache, client: ClientBundle): FileSource {
  const bundleFiles = new Map(client.files.map((file) => [file.file, file.source]));
  return (file, id) => {
    const found = bundleFiles.get(file) ?? cache.find(id);
    if (!found) throw new Error(`the build cache has no file ${file} (${id})`);
    return found;
  };
}

