import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createStageTimer, type StageReport, type StageTimer } from '../stage-timer.ts';
import type { ClientAssets } from '../pipeline/bundle-client.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import type { Problem } from '../errors.ts';
import { loginCredentials } from '../content/login-gate.ts';
import { createClientBundler, createSsrBundler, type Bundler, type SsrModule } from './bundlers.ts';
import { commonData, pageData, PAGE_REGISTRY } from '../../site/model/page-registry.ts';
import type { PageKey } from '../../site/model/routes.ts';
import { DATA_PATH } from './client-script.ts';
import { problemsOf } from './problems.ts';
import type { DevSnapshot } from './server.ts';

/** What one rebuild did, for the terminal. */
export interface DevUpdate {
  /** The changed files, relative to the working folder. */
  changed: string[];
  problems: readonly Problem[];
  /** Pages now served (from the last good build). */
  pages: number;
  stages: readonly StageReport[];
  ms: number;
  version: string;
}

/** Which parts of the build a set of changed files invalidates. */
export interface RebuildPlan {
  content: boolean;
  template: boolean;
  ssr: boolean;
  client: boolean;
}

/**
 * Sorts changed files into what they invalidate: content.yaml re-derives the data and
 * re-renders (the dev browser bundle imports its content, so it is not rebuilt); a
 * template re-renders; a file under site/ re-bundles the server code and/or the client bundle,
 * depending on which of them read it last time. Files neither read are ignored (a new
 * component counts once something imports it).
 */
export function planRebuild(changed: Iterable<string>, inputs: { contentFile: string; templatesDir: string; ssr: ReadonlySet<string>; client: ReadonlySet<string> }): RebuildPlan {
  const plan: RebuildPlan = { content: false, template: false, ssr: false, client: false };
  for (const file of changed) {
    if (file === inputs.contentFile) plan.content = true;
    else if (file.startsWith(inputs.templatesDir + path.sep)) plan.template = true;
    else {
      if (inputs.ssr.has(file)) plan.ssr = true;
      if (inputs.client.has(file)) plan.client = true;
    }
  }
  return plan;
}

const EVERYTHING: RebuildPlan = { content: true, template: true, ssr: true, client: true };

/** Where the dev browser bundle imports content from (see `contentModules`). */
const dataUrl = (module: 'common' | PageKey) => `${DATA_PATH}${module}.js`;

/**
 * The content the browser bundle imports in dev, by URL: the same slices `site build`
 * inlines into the bundle (the entry's common data, each page's own).
 */
export function contentModules(data: SiteData): Map<string, string> {
  const module = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;
  const modules = new Map([[dataUrl('common'), module(commonData(data))]]);
  for (const page of Object.keys(PAGE_REGISTRY) as PageKey[]) modules.set(dataUrl(page), module(pageData(data, page)));
  return modules;
}

/**
 * The in-memory build behind `site dev`: two esbuild incremental contexts (server code
 * and browser bundle), the derived data, and the last good set of files. `update` rebuilds
 * only what the changed files need; on a problem the last good files stay served.
 */
export async function createDevSession(options: {
  root: string;
  contentFile: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  cacheDir: string;
  onWarning?: (message: string) => void;
}) {
  const templatesDir = path.join(options.root, 'templates');
  const session = Date.now().toString(36);
  let counter = 0;
  let ssr: { module: SsrModule; inputs: Set<string> } | undefined;
  let client: { assets: ClientAssets; inputs: Set<string> } | undefined;
  let data: SiteData | undefined;
  let template = '';
  let files: Map<string, string | Uint8Array> | null = null;
  let dataModules: Map<string, string> = new Map();
  let pages = 0;
  let problems: readonly Problem[] = [];
  let version = `${session}.0`;

  const ssrBundler = await createSsrBundler({ root: options.root, cacheDir: options.cacheDir });
  let clientBundler: Bundler<{ assets: ClientAssets; inputs: Set<string> }>;
  try {
    clientBundler = await createClientBundler({ root: options.root, dataUrl });
  } catch (error) {
    await ssrBundler.dispose();
    throw error;
  }

  const credentials = loginCredentials(options.env);
  if (!credentials) options.onWarning?.('SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD are not set: the login page will refuse every attempt.');

  /** Runs the stages `plan` needs, timing each; commits only if all succeed. */
  async function rebuild(plan: RebuildPlan, timer: StageTimer): Promise<void> {
    const timed = <T>(name: string, run: () => Promise<T> | T) => timer.time(name, run);
    // The browser bundle reads no content (see dataUrl), so it is rebuilt only for a change
    // under site/, and meanwhile, since esbuild works in its own process, this thread
    // bundles the server code, derives the data and renders.
    const bundled = plan.client || !client ? timed('bundle', () => clientBundler.rebuild()) : Promise.resolve(client);
    try {
      const next = { ...(plan.ssr || !ssr ? await timed('server', () => ssrBundler.rebuild()) : ssr) };
      let nextTemplate = template;
      if (plan.template || !template) nextTemplate = await timed('template', () => readFile(path.join(templatesDir, 'document.html'), 'utf8'));
      let nextData = data;
      if (plan.content || plan.ssr || !nextData) nextData = await next.module.readContent({ file: options.contentFile, cwd: options.cwd, credentials, timer });
      const siteData = nextData;
      const routes = await timed('routes', () => next.module.collectRoutes({ data: siteData }));
      const nextClient = await bundled;
      const assets = nextClient.assets;
      const rendered = await timed('render', () => next.module.renderPages({ server: next.module, data: siteData, routes, template: nextTemplate, assets }));
      const all = [...rendered, ...assets.files, ...next.module.staticFiles({ data: siteData })];
      // Everything succeeded: commit.
      ssr = next;
      client = nextClient;
      data = siteData;
      template = nextTemplate;
      files = new Map(all.map((file) => [file.file, file.contents]));
      dataModules = contentModules(siteData);
      pages = rendered.length;
    } finally {
      // Never leave a client rebuild running into the next update.
      await bundled.catch(() => {});
    }
  }

  return {
    /** The files and problems to serve now. */
    snapshot: (): DevSnapshot => ({ files, dataModules, problems, version }),
    /** The folders and file to watch. */
    watched: [options.contentFile, path.join(options.root, 'site'), templatesDir],
    /**
     * Rebuilds after `changed` files changed ("all": the first build). Returns null when
     * none of them feeds the site. After a failed update everything is rebuilt, so a fix
     * anywhere clears the problems.
     */
    async update(changed: ReadonlySet<string> | 'all'): Promise<DevUpdate | null> {
      const started = performance.now();
      const plan =
        changed === 'all' || problems.length > 0 || !ssr || !client
          ? EVERYTHING
          : planRebuild(changed, { contentFile: options.contentFile, templatesDir, ssr: ssr.inputs, client: client.inputs });
      if (!plan.content && !plan.template && !plan.ssr && !plan.client) return null;
      const timer = createStageTimer();
      try {
        await rebuild(plan, timer);
        problems = [];
      } catch (error) {
        problems = problemsOf(error, { root: options.root, cwd: options.cwd });
        if (process.env.DEBUG && !(error as { problems?: unknown }).problems) process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      }
      counter += 1;
      version = `${session}.${counter}`;
      return {
        changed: changed === 'all' ? [] : [...changed].map((file) => path.relative(options.cwd, file) || file),
        problems,
        pages,
        stages: timer.stages,
        ms: performance.now() - started,
        version,
      };
    },
    async dispose(): Promise<void> {
      await Promise.allSettled([ssrBundler.dispose(), clientBundler.dispose()]);
    },
  };
}

/** A running dev session (see createDevSession). */
export type DevSession = Awaited<ReturnType<typeof createDevSession>>;
