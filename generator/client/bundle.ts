import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { OutputFile } from '../output/output-file.ts';
import { PAGE_MODULES } from '../../site/model/page-registry.ts';
import type { PageKey } from '../../site/model/routes.ts';
import { BuildProblemError } from '../problems/errors.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { brotliSizes } from '../check/brotli-size.ts';

/** Hashed asset URLs the pages reference, and what a first visit downloads. */
export interface ClientAssets {
  entry: string;
  /** Chunks the entry imports statically. */
  modulePreload: string[];
  /** Per page: its chunk and the chunks it imports statically (beyond the entry's). */
  pagePreload: Record<PageKey, string[]>;
  css: string[];
  noscriptCss: string;
  /** Bytes a first visit downloads, per page: entry, its imports, the page's chunks, CSS. */
  firstVisit: Record<PageKey, { jsRaw: number; jsBrotli: number }>;
  /** The stylesheet every page loads. */
  cssSize: { raw: number; brotli: number };
}

const ROOT = PACKAGE_ROOT;

/**
 * esbuild options shared by `site build` and the incremental context of `site dev`. The
 * bundle is code only: a page's data travels with its HTML and in its index.json, so the
 * bundle, and the names of its files, change only when the code does.
 */
export function clientBuildOptions(): esbuild.BuildOptions {
  return {
    absWorkingDir: ROOT,
    entryPoints: { main: 'site/entry-client.tsx', noscript: 'site/styles/noscript.css' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunk-[hash]',
    assetNames: 'assets/[name]-[hash]',
    outdir: 'out',
    write: false,
    metafile: true,
    legalComments: 'linked',
    logLevel: 'silent',
  };
}

/**
 * Turns an esbuild result into asset URLs, per-page preloads, first-visit sizes and the
 * files to write. Brotli at quality 11 is slow: the files are compressed together, in
 * Node's thread pool; `site dev` skips it (sizes: false) to reload faster.
 */
export async function collectAssets(result: esbuild.BuildResult<{ write: false; metafile: true }>, options: { sizes?: boolean } = {}): Promise<{ assets: ClientAssets; files: OutputFile[] }> {
  const outRoot = path.join(ROOT, 'out');
  const files = result.outputFiles.map((file) => ({ file: path.relative(outRoot, file.path).split(path.sep).join('/'), contents: file.contents }));
  const byFile = new Map(files.map((file) => [file.file, file.contents]));
  const outputs = result.metafile.outputs;
  const rel = (key: string) => path.relative('out', key).split(path.sep).join('/');
  const url = (key: string) => `/${rel(key)}`;
  const findOutput = (test: (key: string, output: (typeof outputs)[string]) => boolean) => Object.keys(outputs).find((key) => test(key, outputs[key]!))!;
  const staticClosure = (key: string, seen = new Set<string>()) => {
    for (const imported of outputs[key]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external && !seen.has(imported.path)) {
        seen.add(imported.path);
        staticClosure(imported.path, seen);
      }
    return seen;
  };
  const entryKey = findOutput((_, output) => output.entryPoint === 'site/entry-client.tsx');
  const noscriptKey = findOutput((key, output) => key.endsWith('.css') && output.entryPoint === 'site/styles/noscript.css');
  const cssKey = outputs[entryKey]!.cssBundle;
  const entryImports = staticClosure(entryKey);
  const pagePreload = {} as Record<PageKey, string[]>;
  /** The JavaScript a first visit to each kind of page downloads. */
  const firstVisitKeys = new Map<PageKey, string[]>();
  for (const [page, module] of Object.entries(PAGE_MODULES) as [PageKey, string][]) {
    const pageKey = findOutput((_, output) => output.entryPoint === module);
    if (!pageKey) throw new Error(`no chunk for the ${page} page (${module}): is it a page of site/model/page-table.ts, with its module in site/pages/ (site/pages/load-page.ts)?`);
    const keys = [pageKey, ...staticClosure(pageKey)].filter((key) => key !== entryKey && !entryImports.has(key));
    pagePreload[page] = keys.map(url);
    firstVisitKeys.set(page, [entryKey, ...entryImports, ...keys]);
  }
  const measured = [...new Set([...firstVisitKeys.values()].flat().concat(cssKey ?? []))];
  const contents = measured.map((key) => byFile.get(rel(key))!);
  const brotli = options.sizes === false ? measured.map(() => 0) : await brotliSizes(contents);
  const sizes = new Map(measured.map((key, index) => [key, { raw: contents[index]!.length, brotli: brotli[index]! }]));
  const sum = (keys: readonly string[], of: 'raw' | 'brotli') => keys.reduce((total, key) => total + sizes.get(key)![of], 0);
  const firstVisit = {} as ClientAssets['firstVisit'];
  for (const [page, keys] of firstVisitKeys) firstVisit[page] = { jsRaw: sum(keys, 'raw'), jsBrotli: sum(keys, 'brotli') };
  const assets: ClientAssets = {
    entry: url(entryKey),
    modulePreload: [...entryImports].map(url),
    pagePreload,
    css: cssKey ? [url(cssKey)] : [],
    noscriptCss: url(noscriptKey),
    firstVisit,
    cssSize: cssKey ? sizes.get(cssKey)! : { raw: 0, brotli: 0 },
  };
  // esbuild emits an empty JS file for the CSS-only entry: not needed.
  return { assets, files: files.filter((file) => !(file.file.startsWith('assets/noscript-') && file.file.endsWith('.js'))) };
}

/** Stops esbuild's service process (the next bundle starts it again). */
export async function stopEsbuild(): Promise<void> {
  await (await import('esbuild')).stop();
}

/**
 * Bundles the hydration script and styles with esbuild: minified, split, content-hashed.
 * esbuild is loaded here, not with this module: a build of unchanged code never needs it.
 */
export async function bundleClient(): Promise<{ assets: ClientAssets; files: OutputFile[] }> {
  try {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({ ...clientBuildOptions(), write: false, metafile: true });
    return await collectAssets(result);
  } catch (error) {
    const messages = (error as esbuild.BuildFailure).errors?.map((item) => `${item.location?.file ?? ''}:${item.location?.line ?? ''} ${item.text}`);
    throw new BuildProblemError(`bundling the client failed${messages ? `: ${messages.join('; ')}` : ''}`, {
      hint: 'This is a problem in site/, not in content.yaml. Run with DEBUG=1 for details.',
      cause: error,
    });
  }
}
