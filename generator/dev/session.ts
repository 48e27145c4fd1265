import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createStageTimer, type StageReport, type StageTimer } from '../stage-timer.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import type { Problem } from '../errors.ts';
import { loginCredentials } from '../content/login-gate.ts';
import { digest } from '../pipeline/digest.ts';
import { createClientBundler, createSsrBundler, type Bundler, type DevClient, type SsrModule } from './bundlers.ts';
import { devImages, NO_DEV_IMAGES } from './dev-images.ts';
import { problemsOf } from './problems.ts';
import { planRebuild, type RebuildPlan } from './rebuild-plan.ts';
import type { DevSnapshot } from './server.ts';

/** What one rebuild did, for the terminal. */
export interface DevUpdate {
  /** The changed files, relative to the working folder. */
  changed: string[];
  problems: readonly Problem[];
  /** Pages now served (from the last good build). */
  pages: number;
  /** Pages this update rendered (the others were unchanged). */
  rendered: number;
  stages: readonly StageReport[];
  ms: number;
  version: string;
}

const EVERYTHING: RebuildPlan = { content: true, template: true, ssr: true, client: true };

/** A page as `site dev` keeps it: its key (see pageKeyMaker) and its two files. */
interface DevPage {
  key: string;
  files: { file: string; contents: string }[];
}

/**
 * The in-memory build behind `site dev`: two esbuild incremental contexts (server code
 * and browser bundle), the derived data, and the last good set of files. `update` rebuilds
 * only what the changed files need, and renders only the pages whose key (pageKeyMaker, as
 * `site build` uses) changed; on a problem the last good files stay served.
 */
export async function createDevSession(options: {
  root: string;
  contentFile: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  cacheDir: string;
  /** Where the files made from content images are kept (by default in cacheDir, which goes with the session). */
  imagesDir?: string;
  onWarning?: (message: string) => void;
}) {
  const imagesDir = options.imagesDir ?? path.join(options.cacheDir, 'images');
  let images = NO_DEV_IMAGES;
  const templatesDir = path.join(options.root, 'templates');
  const session = Date.now().toString(36);
  let counter = 0;
  let ssr: { module: SsrModule; inputs: Set<string>; generation: number } | undefined;
  let client: DevClient | undefined;
  let data: SiteData | undefined;
  let template = '';
  let pages = new Map<string, DevPage>();
  let files: Map<string, string | Uint8Array> | null = null;
  let problems: readonly Problem[] = [];
  let version = `${session}.0`;
  let rendered = 0;

  const ssrBundler = await createSsrBundler({ root: options.root, cacheDir: options.cacheDir });
  let clientBundler: Bundler<DevClient>;
  try {
    clientBundler = await createClientBundler({ root: options.root });
  } catch (error) {
    await ssrBundler.dispose();
    throw error;
  }

  const credentials = loginCredentials(options.env);
  if (!credentials) options.onWarning?.('SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD are not set: the login page will refuse every attempt.');

  /** Runs the stages `plan` needs, timing each; commits only if all succeed. */
  async function rebuild(plan: RebuildPlan, timer: StageTimer): Promise<void> {
    const timed = <T>(name: string, run: () => Promise<T> | T) => timer.time(name, run);
    // The browser bundle is code only, so it is rebuilt only for a change under site/, and
    // meanwhile, since esbuild works in its own process, this thread bundles the server
    // code, derives the data and renders.
    const bundled = plan.client || !client ? timed('bundle', () => clientBundler.rebuild()) : Promise.resolve(client);
    // Its failure is met below, once the server code is in hand: until then it is no unhandled rejection.
    bundled.catch(() => {});
    try {
      const next = plan.ssr || !ssr ? { ...(await timed('server', () => ssrBundler.rebuild())), generation: counter } : ssr;
      const { module } = next;
      let nextTemplate = template;
      if (plan.template || !template) nextTemplate = await timed('template', () => readFile(path.join(templatesDir, 'document.html'), 'utf8'));
      let nextData = data;
      let nextImages = images;
      if (plan.content || plan.ssr || !nextData) {
        const content = await module.readContent({ file: options.contentFile, cwd: options.cwd, credentials, timer });
        nextData = content.data;
        nextImages = await timed('images', () => devImages(module, content.images, { imagesDir, contentFile: options.contentFile, cwd: options.cwd, last: images }));
      }
      const siteData = nextData;
      const routes = await timed('routes', () => module.collectRoutes({ data: siteData }));
      const inputOf = module.pageInputMaker(siteData, routes);
      const nextClient = await bundled;
      const { assets } = nextClient;
      // What every page is made from: the server code (by generation), the template, the
      // asset names and the layout; with what each page is made from, its key (as `site build`'s).
      const shared = digest([next.generation, nextTemplate, JSON.stringify(assets), module.layoutDigest(module.layoutDataOf(siteData))].join('\0'));
      const keyOf = module.pageKeyMaker(siteData, routes, shared, inputOf);
      const site = { language: siteData.site.language, url: siteData.site.url, themeColor: siteData.site.themeColor };
      const nextPages = new Map<string, DevPage>();
      let renderedNow = 0;
      await timed('render', () => {
        routes.forEach((route, index) => {
          const key = keyOf(index);
          const kept = pages.get(route.path);
          if (kept?.key === key) {
            nextPages.set(route.path, kept);
            return;
          }
          const { document } = inputOf(index);
          // No social cards or head meta in dev: they need images only `site build` draws.
          const html = module.renderPage({ server: module, route, document, template: nextTemplate, assets, site, head: [] });
          const json = module.routeDataFile(route);
          nextPages.set(route.path, { key, files: [{ file: route.file, contents: html }, ...(json ? [{ file: json, contents: module.routeDataJson(document.route) }] : [])] });
          renderedNow += 1;
        });
      });
      const all = new Map<string, string | Uint8Array>();
      for (const file of [...nextClient.files, ...module.staticFiles({ data: siteData })]) all.set(file.file, file.contents);
      for (const page of nextPages.values()) for (const file of page.files) all.set(file.file, file.contents);
      for (const [file, bytes] of nextImages.files) all.set(file, bytes);
      // Everything succeeded: commit.
      ssr = next;
      client = nextClient;
      data = siteData;
      template = nextTemplate;
      pages = nextPages;
      files = all;
      rendered = renderedNow;
      images = nextImages;
    } finally {
      // Never leave a client rebuild running into the next update.
      await bundled.catch(() => {});
    }
  }

  return {
    /** The files and problems to serve now. */
    snapshot: (): DevSnapshot => ({ files, problems, version }),
    /** The folders and files to watch: content.yaml, site/, templates/ and the folders of the images content.yaml names (as of the last build). */
    get watched() {
      return [options.contentFile, path.join(options.root, 'site'), templatesDir, ...new Set([...images.sources].map((file) => path.dirname(file)))];
    },
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
          : planRebuild(changed, { contentFile: options.contentFile, templatesDir, ssr: ssr.inputs, client: client.inputs, images: images.sources });
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
        pages: pages.size,
        rendered: problems.length > 0 ? 0 : rendered,
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
