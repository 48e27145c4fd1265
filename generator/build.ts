import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadContent } from './content/load.ts';
import { validateContent } from './content/validate.ts';
import { deriveContent, type SiteData } from './content/derive.ts';
import { collectRoutes, type RouteRecord } from './routes.ts';
import { bundleClient, type ClientAssets } from './bundle.ts';
import { renderPages, type OutputFile } from './render.ts';
import { writeOutput } from './write.ts';
import { hashLoginCredentials, type LoginGate } from './login-hash.ts';
import { PACKAGE_ROOT } from './paths.ts';
import { staticFiles } from './static-files.ts';

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
}

export interface BuildResult {
  pages: number;
  routes: RouteRecord[];
  assets: ClientAssets;
  files: OutputFile[];
  stages: StageReport[];
  ms: number;
}

async function timed<T>(stages: StageReport[], options: BuildOptions, name: string, run: () => Promise<T> | T, detail?: (value: T) => string): Promise<T> {
  const start = performance.now();
  const value = await run();
  const stage = { name, ms: performance.now() - start, detail: detail?.(value) };
  stages.push(stage);
  options.onStage?.(stage);
  return value;
}

/** Validates and derives content.yaml: what `site check` runs and `site build` starts with. */
export async function checkContent(options: { contentFile: string; login?: LoginGate }): Promise<SiteData> {
  const loaded = await loadContent({ file: options.contentFile });
  return deriveContent(validateContent(loaded), { login: options.login });
}

/** content.yaml to out/: load, validate, derive, route, bundle, render, write. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const stages: StageReport[] = [];
  const env = options.env ?? process.env;
  const loaded = await timed(stages, options, 'load', () => loadContent({ file: options.contentFile }));
  const content = await timed(stages, options, 'validate', () => validateContent(loaded));
  const login = await timed(stages, options, 'login', () =>
    hashLoginCredentials({ username: env.SITE_LOGIN_USERNAME, password: env.SITE_LOGIN_PASSWORD, siteUrl: content.site.url }),
  );
  if (!login.hash)
    options.onWarning?.('SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD are not set: the login page will refuse every attempt.');
  const data = await timed(stages, options, 'derive', () => deriveContent(content, { login }));
  const routes = await timed(stages, options, 'routes', () => collectRoutes({ data }), (value) => `${value.length} pages`);
  const [assets, template] = await Promise.all([
    timed(stages, options, 'bundle', () => bundleClient({ data })),
    readFile(path.join(PACKAGE_ROOT, 'templates', 'document.html'), 'utf8'),
  ]);
  const pages = await timed(stages, options, 'render', () => renderPages({ data, routes, template, assets }));
  const files = [...pages, ...assets.files, ...staticFiles({ data })];
  await timed(stages, options, 'write', () => writeOutput({ outDir: options.outDir, files }), () => `${files.length} files`);
  return { pages: pages.length, routes, assets, files, stages, ms: performance.now() - started };
}
