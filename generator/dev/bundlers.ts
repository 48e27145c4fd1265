import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { isAlive } from '../process-alive.ts';
import type { OutputFile } from '../output-file.ts';
import { clientBuildOptions, collectAssets, type ClientAssets } from '../pipeline/bundle-client.ts';

/** The stages `site dev` takes from its freshly bundled server code (see ssr-entry.ts). */
export type SsrModule = typeof import('./ssr-entry.ts');

/** An esbuild incremental context: rebuild after a change, dispose on exit. */
export interface Bundler<T> {
  rebuild: () => Promise<T>;
  dispose: () => Promise<void>;
}

/** The absolute paths of the files a build read (to tell which rebuild a change needs). */
function inputsOf(root: string, metafile: esbuild.Metafile): Set<string> {
  return new Set(Object.keys(metafile.inputs).filter((key) => !key.includes(':')).map((key) => path.resolve(root, key)));
}

/** Removes the server bundles of `site dev` sessions that ended without cleaning up (killed). */
export async function removeStaleBundles(parent: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    await rm(path.join(parent, entry), { recursive: true, force: true });
  }
}

const require = createRequire(import.meta.url);

/**
 * Generator modules the server bundle leaves to Node (required by their absolute path):
 * they find their own place through import.meta, which a CommonJS bundle has not, and
 * hold what one process should load once (sharp, its fonts).
 */
const LOADED_BY_NODE = new Set(['paths.ts', path.join('images', 'image-library.ts')].map((file) => path.join(import.meta.dirname, '..', file)));

const loadedByNode: esbuild.Plugin = {
  name: 'loaded-by-node',
  setup(build) {
    build.onResolve({ filter: /\.ts$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      return LOADED_BY_NODE.has(file) ? { path: file, external: true } : undefined;
    });
  },
};

/**
 * The server-side bundle of site/ (platform node, packages external) in an incremental
 * context. Each rebuild writes one CommonJS file and requires it afresh: dropping it from
 * require's cache first is what makes Node load the new code and lets the old go, where
 * an ES module, once imported, stays in memory for the life of the process.
 */
export async function createSsrBundler(options: { root: string; cacheDir: string }): Promise<Bundler<{ module: SsrModule; inputs: Set<string> }>> {
  const outfile = path.join(options.cacheDir, 'entry-server.cjs');
  await mkdir(options.cacheDir, { recursive: true });
  const context = await esbuild.context({
    absWorkingDir: options.root,
    entryPoints: [path.join(options.root, 'generator', 'dev', 'ssr-entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external',
    jsx: 'automatic',
    // The client bundle owns the styles; the server only needs the markup.
    loader: { '.css': 'empty' },
    plugins: [loadedByNode],
    metafile: true,
    logLevel: 'silent',
  });
  return {
    rebuild: async () => {
      const result = await context.rebuild();
      delete require.cache[outfile];
      const module = require(outfile) as SsrModule;
      return { module, inputs: inputsOf(options.root, result.metafile!) };
    },
    dispose: async () => {
      await context.dispose();
      await rm(options.cacheDir, { recursive: true, force: true });
    },
  };
}

/** A client build of `site dev`: its asset names, its files, and the sources it read. */
export interface DevClient {
  assets: ClientAssets;
  files: OutputFile[];
  inputs: Set<string>;
}

/**
 * The browser bundle in an incremental context, with the options `site build` uses but
 * no minifying and no brotli sizes, to reload faster. It is code only (a page's data is
 * in its HTML and its index.json), so a content edit never rebundles it.
 */
export async function createClientBundler(options: { root: string }): Promise<Bundler<DevClient>> {
  const context = await esbuild.context({ ...clientBuildOptions(), minify: false, write: false, metafile: true });
  return {
    rebuild: async () => {
      const result = await context.rebuild();
      return { ...collectAssets(result, { sizes: false }), inputs: inputsOf(options.root, result.metafile) };
    },
    dispose: () => context.dispose(),
  };
}
