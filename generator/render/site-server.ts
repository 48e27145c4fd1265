import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import type { DocumentData } from '../../site/model/page-data.ts';
import { BuildProblemError } from '../problems/errors.ts';
import { esbuildMessages } from '../problems/esbuild-messages.ts';
import { CACHE_ROOT, PACKAGE_ROOT } from '../paths.ts';
import { keptCompilation } from '../cache/kept-files.ts';
import { hashSources } from '../cache/code-version.ts';

/** What the generator renders with: site/entry-server.tsx, compiled. */
export interface SiteServer {
  /** The HTML inside #root of the page at `path`, from its data. */
  renderRoute(path: string, data: DocumentData): string;
}

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

/** Where compilations are kept (tests give a folder of their own, inside node_modules too). */
export const SERVER_DIR = path.join(CACHE_ROOT, 'server');

/** The compilation's entry file, in its folder. */
const ENTRY = 'entry-server.mjs';

/**
 * The entry file of the server side of site/, compiled and checked. Node runs generator/
 * as TypeScript, but not TSX, so site/ is compiled with esbuild, as Vite's SSR build does:
 * once per change of its sources (the folder is named by their hash), then kept in
 * node_modules/.cache/site/server/, inside the package's node_modules, so that the
 * packages it imports resolve from there. A compilation kept before is used only when
 * every file matches the hash it was kept under (--no-cache too, as a card is): a damaged
 * one is compiled again, with a warning, so what renders the pages is never a file
 * changed by hand or by a tool.
 */
export async function siteServerEntry(options: { onWarning?: (message: string) => void; dir?: string } = {}): Promise<string> {
  const dir = options.dir ?? SERVER_DIR;
  // Older compilations go, but not in their first hour: another build may be importing one.
  const { folder } = await keptCompilation({
    dir,
    sources: 'site/',
    versionOf: () => hashSources([path.join(PACKAGE_ROOT, 'site')], [esbuildVersion(), JSON.stringify(serverBuildOptions())]).slice(0, 16),
    compile: async () => ({ files: await compileSiteServer(), about: null }),
    needs: [ENTRY],
    othersInUse: true,
    onDamaged: (why) => options.onWarning?.(`the server side of site/ compiled in node_modules/.cache/site/server/ is damaged (${why}): compiled again`),
  });
  return path.join(folder, ENTRY);
}

/** The server side of site/ from its entry file (siteServerEntry). */
export async function importSiteServer(entry: string): Promise<SiteServer> {
  return (await import(pathToFileURL(entry).href)) as SiteServer;
}

/** site/ compiled for the server: its files, by their paths in the compilation's folder. */
async function compileSiteServer(): Promise<{ file: string; contents: Uint8Array }[]> {
  try {
    const { build } = await import('esbuild');
    // The folder is only where the files' paths are counted from: nothing is written.
    const result = await build({ ...serverBuildOptions(), outdir: SERVER_DIR, write: false });
    return result.outputFiles.map((file) => ({ file: path.relative(SERVER_DIR, file.path).split(path.sep).join('/'), contents: file.contents }));
  } catch (error) {
    throw new BuildProblemError(`compiling site/ for the server failed: ${esbuildMessages(error)}`, {
      hint: 'This is a problem in site/, not in content.yaml. Run with DEBUG=1 for details.',
      cause: error,
    });
  }
}

