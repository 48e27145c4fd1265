import path from 'node:path';
import { openImageFiles } from '../cache/image-files.ts';
import { drawCard } from '../cards/social-cards.ts';
import type { ClientBundle } from '../client/cached-bundle.ts';
import { loginCredentials } from '../content/login-gate.ts';
import { readContent } from '../content/read-content.ts';
import { makeSite } from '../build/make-site.ts';
import { readCode } from '../build/read-inputs.ts';
import { contentDisplayName, decodeContent, readContentBytes } from '../content/content-file.ts';
import { createStageTimer, type StageReport } from '../build/stage-timer.ts';
import { memoryOutput, type MemorySite } from '../output/memory-output.ts';
import type { CardInput } from '../plan/page-input.ts';
import type { LastSite } from '../plan/plan-pages.ts';
import type { Problem } from '../problems/errors.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { createClientBundler, type ClientBuild } from './client-bundler.ts';
import { problemsOf } from './problems.ts';
import { planRebuild } from './rebuild-plan.ts';
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

/** No budgets in site dev: its client bundle is not minified, and not measured. */
const NO_BUDGETS = { js: Infinity, css: Infinity, html: Infinity };

export interface DevSessionOptions {
  root: string;
  contentFile: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  imagesDir: string;
  onWarning?: (message: string) => void;
  /** The text to build from in place of the file's, and its data: the content editor's draft (generator/edit/). */
  draft?: () => { text: string; data: unknown };
}

/**
 * The in-memory builds behind `site dev`: the engine of `site build` (build/make-site.ts)
 * with an output in memory instead of out/, and the last build in memory instead of the
 * cache's record. The client bundle is kept in an esbuild incremental context, rebuilt only
 * when a file it read changes; site/ is compiled for the server as the build does it (once
 * per change of its sources). Cards are drawn when a page asks for them. On a problem the
 * last good site stays served.
 */
export async function createDevSession(options: DevSessionOptions) {
  const images = openImageFiles(options.imagesDir);
  const bundler = await createClientBundler({ root: options.root });
  const session = Date.now().toString(36);
  let counter = 0;
  let client: ClientBuild | undefined;
  let served: MemorySite | null = null;
  let data: SiteData | null = null;
  let last: LastSite | null = null;
  const cardsLater = new Map<string, CardInput>();
  let sources = new Set<string>();
  let problems: readonly Problem[] = [];
  let version = `${session}.0`;
  /** The update running now, if any: requests wait for it (see `built`). */
  let running: Promise<void> | null = null;
  let code: ReturnType<typeof readCode> | undefined;
  const displayName = contentDisplayName(options.contentFile);

  const credentials = loginCredentials(options.env);
  if (!credentials) options.onWarning?.('SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD are not set: the login page will refuse every attempt.');

  /** Builds the site into memory; the served site changes only if every stage succeeds. */
  async function rebuild(plan: { bundle: boolean; code: boolean }, timer: ReturnType<typeof createStageTimer>): Promise<number> {
    const nextClient = plan.bundle || !client ? await timer.time('bundle', () => bundler.rebuild()) : client;
    // The template and the code's version change only with a file under templates/ or site/.
    if (plan.code || !code) code = readCode();
    const { template } = code;
    const draft = options.draft?.();
    const text = draft?.text ?? decodeContent(readContentBytes(options.contentFile, displayName), displayName);
    const content = await readContent({ file: options.contentFile, cwd: options.cwd, text, data: draft?.data, credentials, timer });
    let next: MemorySite = served ?? new Map();
    const output = memoryOutput(next, (site) => (next = site));
    const site = await makeSite(
      { content, contentText: { file: options.contentFile, displayName, source: text }, client: clientBundleOf(nextClient), template, code: code.code, last },
      { output, copyOf: () => null, images, drawCards: false, credentials, budgets: NO_BUDGETS, jobs: 1, holdInputs: true, outLabel: 'site dev', onWarning: options.onWarning, timer },
    );
    output.commit(site.files);
    client = nextClient;
    served = next;
    data = content.data;
    last = { pages: site.pages, files: site.files, login: { siteUrl: content.data.site.url, hash: content.data.login.hash }, heldInputs: site.heldInputs };
    // A page kept from the last update keeps the card it had; a page rendered now brings its own.
    for (const [file, card] of site.cardsLater) cardsLater.set(file, card);
    for (const file of cardsLater.keys()) if (!site.files.has(file)) cardsLater.delete(file);
    sources = new Set(content.images.sources);
    return site.rendered.length;
  }

  return {
    /** The files and problems to serve now. */
    snapshot: (): DevSnapshot => ({
      files: served,
      problems,
      version,
      // A card is drawn the first time it is asked for (into the images folder a build shares).
      card: (file) => {
        const card = cardsLater.get(file);
        return card ? drawCard(card, images).png.then((png) => png.path) : null;
      },
    }),
    /** The data of the last good build, as pages render it (prices in cents, bundles' savings worked out). */
    get data(): SiteData | null {
      return data;
    },
    /** The folders and files to watch: content.yaml, site/, generator/, templates/ and the folders of the images content.yaml names (as of the last build). */
    get watched() {
      return [options.contentFile, path.join(options.root, 'site'), path.join(options.root, 'generator'), path.join(options.root, 'templates'), ...new Set([...sources].map((file) => path.dirname(file)))];
    },
    /**
     * Rebuilds after `changed` files changed ("all": the first build). Returns null when
     * none of them feeds the site, and "restart" when one is code this process has loaded
     * (generator/, site/model/), which only a new process picks up. `started` is told the
     * new version as the rebuild starts, before it is built: tabs told to reload then ask
     * for their page while it builds, and get it as soon as it is (`built`).
     */
    async update(changed: ReadonlySet<string> | 'all', started?: (version: string) => void): Promise<DevUpdate | 'restart' | null> {
      const begun = performance.now();
      const plan = changed === 'all' ? { rebuild: true, bundle: true, code: true, restart: false } : planRebuild(changed, { root: options.root, contentFile: options.contentFile, client: client?.inputs ?? new Set(), images: sources });
      if (plan.restart) return 'restart';
      if (!plan.rebuild) return null;
      counter += 1;
      version = `${session}.${counter}`;
      const timer = createStageTimer();
      let rendered = 0;
      let finished!: () => void;
      running = new Promise<void>((resolve) => (finished = resolve));
      started?.(version);
      try {
        // After a failed update everything is bundled again, so a fix anywhere clears the problems.
        rendered = await rebuild(problems.length > 0 ? { bundle: true, code: true } : plan, timer);
        problems = [];
      } catch (error) {
        problems = problemsOf(error, { root: options.root, cwd: options.cwd });
        if (process.env.DEBUG && !(error as { problems?: unknown }).problems) process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      } finally {
        running = null;
        finished();
      }
      return {
        changed: changed === 'all' ? [] : [...changed].map((file) => path.relative(options.cwd, file) || file),
        problems,
        pages: last ? Object.keys(last.pages).length : 0,
        rendered,
        stages: timer.stages,
        ms: performance.now() - begun,
        version,
      };
    },
    /** Resolves once no update is running: what a request for the site waits for. */
    async built(): Promise<void> {
      while (running) await running;
    },
    async dispose(): Promise<void> {
      await bundler.dispose();
    },
  };
}

/** The client bundle as the engine takes it. */
function clientBundleOf(build: ClientBuild): ClientBundle {
  return { assets: build.assets, files: build.files, bundled: true };
}

/** A running dev session (see createDevSession). */
export type DevSession = Awaited<ReturnType<typeof createDevSession>>;
