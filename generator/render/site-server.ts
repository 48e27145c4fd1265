import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import type { DocumentData } from '../../site/model/page-data.ts';
import { BuildProblemError } from '../problems/errors.ts';
import { CACHE_ROOT, PACKAGE_ROOT } from '../paths.ts';
import { hashSources } from '../cache/source-hash.ts';

/** What the generator renders with: site/entry-server.tsx, compiled. */
export interface SiteServer {
  /** The HTML inside #root of the page at `path`, from its data. */
  renderRoute(path: string, data: DocumentData): string;
}

const SERVER_DIR = path.join(CACHE_ROOT, 'server');

/** esbuild's version, from its package.json (found, not loaded): esbuild itself is loaded only to compile. */
function esbuildVersion(): string {
  const main = createRequire(import.meta.url).resolve('esbuild');
  return (JSON.parse(readFileSync(path.join(path.dirname(main), '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/** esbuild options for the server side of site/: Node, ES module, packages loaded from node_modules. */
export function serverBuildOptions(): esbuild.BuildOptions {
  return {
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: ['site/entry-server.tsx'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    jsx: 'automatic',
    // A module site/ imports dynamically (the page transition, and GSAP with it) gets a
    // file of its own, loaded only if it is imported: on the server, never.
    splitting: true,
    entryNames: 'entry-server',
    chunkNames: 'chunk-[hash]',
    // .mjs: the folder lies in node_modules, outside this package's "type": "module".
    outExtension: { '.js': '.mjs' },
    // The client bundle owns the styles; the server only needs the markup.
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  };
}

/**
 * Loads the server side of site/. Node runs generator/ as TypeScript, but not TSX, so
 * site/ is compiled with esbuild, as Vite's SSR build does: once per change of its
 * sources (the folder is named by their hash), then imported from node_modules/.cache.
 */
export async function loadSiteServer(): Promise<SiteServer> {
  const version = hashSources([path.join(PACKAGE_ROOT, 'site')], [esbuildVersion(), JSON.stringify(serverBuildOptions())]).slice(0, 16);
  const dir = path.join(SERVER_DIR, version);
  const entry = path.join(dir, 'entry-server.mjs');
  if (!existsSync(entry)) {
    await mkdir(SERVER_DIR, { recursive: true });
    // Written beside, then renamed: two builds at once never import half a compilation.
    const temporary = `${dir}.${process.pid}.tmp`;
    try {
      const { build } = await import('esbuild');
      await build({ ...serverBuildOptions(), outdir: temporary });
    } catch (error) {
      await rm(temporary, { recursive: true, force: true });
      throw new BuildProblemError(`compiling site/ for the server failed: ${esbuildMessages(error)}`, {
        hint: 'This is a problem in site/, not in content.yaml. Run with DEBUG=1 for details.',
        cause: error,
      });
    }
    await rename(temporary, dir).catch(async (error: unknown) => {
      await rm(temporary, { recursive: true, force: true });
      // Another build put the same compilation in place meanwhile: that one stays.
      if (!existsSync(entry)) throw error;
    });
    await removeOldCompilations(dir);
  }
  return (await import(pathToFileURL(entry).href)) as SiteServer;
}

/** esbuild's errors, one line each. */
export function esbuildMessages(error: unknown): string {
  const errors = (error as esbuild.BuildFailure).errors;
  if (!errors?.length) return error instanceof Error ? error.message : String(error);
  return errors.map((item) => `${item.location ? `${item.location.file}:${item.location.line} ` : ''}${item.text}`).join('; ');
}

/** Removes compilations of older sources, but not in the first hour: another build may be importing one. */
async function removeOldCompilations(current: string): Promise<void> {
  for (const name of await readdir(SERVER_DIR)) {
    const full = path.join(SERVER_DIR, name);
    if (full === current) continue;
    const stats = await stat(full).catch(() => null);
    if (stats && Date.now() - stats.mtimeMs > 60 * 60_000) await rm(full, { recursive: true, force: true });
  }
}
