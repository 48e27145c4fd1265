import path from 'node:path';
import { holdsIdentity } from '../cache/digest.ts';
import { openImageFiles } from '../cache/image-files.ts';
import { drawCard } from '../cards/social-cards.ts';
import type { ClientBundle } from '../client/cached-bundle.ts';
import { loginCredentials, loginOffWarning } from '../content/login-gate.ts';
import { readContent } from '../content/read-content.ts';
import { makeSite } from '../build/make-site.ts';
import { readCode } from '../build/read-inputs.ts';
import { contentDisplayName, decodeContent, readContentBytes } from '../content/content-file.ts';
import { createStageTimer, type StageReport } from '../build/stage-timer.ts';
import { memoryOutput, type MemorySite } from '../output/memory-output.ts';
import type { CardInput } from '../cards/page-cards.ts';
import type { LastSite } from '../plan/plan-pages.ts';
import type { Problem } from '../problems/errors.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { createClientBundler, type ClientBuild } from './client-bundler.ts';
import { problemsOf } from './problems.ts';
import { planRebuild } from './rebuild-plan.ts';
import { renderedFirstFile, type DevSnapshot } from './server.ts';

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
  // The version of what is served (the files and the problems), and of what tabs should
  // load: the same, or the version of the rebuild in progress, which tabs are told as it
  // starts. A page is tagged with the version of what it was served from.
  let servedVersion = `${session}.0`;
  let version = servedVersion;
  let running: RunningUpdate | null = null;
  let code: ReturnType<typeof readCode> | undefined;
  const displayName = contentDisplayName(options.contentFile);

  const credentials = loginCredentials(options.env);
  if (!credentials) options.onWarning?.(loginOffWarning(options.env));

  /** Builds the site into memory; the served site changes only if every stage succeeds. */
  async function rebuild(plan: { bundle: boolean; code: boolean }, timer: ReturnType<typeof createStageTimer>, update: RunningUpdate): Promise<number> {
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
      {
        output,
        copyOf: () => null,
        images,
        drawCards: false,
        credentials,
        budgets: NO_BUDGETS,
        jobs: 1,
        holdInputs: true,
        // The build runs in this thread: it lets the event loop turn once before asking for
        // the pages wanted (requests made while the content was read are read then), and
        // once after handing them over (so they are sent before the build goes on).
        first: () => nextTurn().then(() => update.wanted),
        onFirst: (files) => {
          for (const { file, contents } of files) update.first.set(file, contents);
          update.firstRendered();
          return nextTurn();
        },
        outLabel: 'site dev',
        onWarning: options.onWarning,
        timer,
      },
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
      version: servedVersion,
      building: running ? { version, first: running.first } : undefined,
      // A card is drawn the first time it is asked for (into the images folder a build
      // shares); one found there is checked against its identity first, and drawn again if damaged.
      card: (file) => {
        const card = cardsLater.get(file);
        if (!card) return null;
        return drawCard(card, images).png.then((png) => (png.drawn || holdsIdentity(png.path, png.id) ? png : drawCard(card, images, true).png)).then((png) => png.path);
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
     * (generator/, site/model/), which only a new process picks up. `reload` is told each
     * version open tabs should load: the new one as the rebuild starts, before it is
     * built (tabs that reload then wait for it: see `built`), and one more if a page was
     * served before the rebuild failed, so that tabs go back to the last good page.
     */
    async update(changed: ReadonlySet<string> | 'all', reload?: (version: string) => void): Promise<DevUpdate | 'restart' | null> {
      const begun = performance.now();
      const plan = changed === 'all' ? { rebuild: true, bundle: true, code: true, restart: false } : planRebuild(changed, { root: options.root, contentFile: options.contentFile, client: client?.inputs ?? new Set(), images: sources });
      if (plan.restart) return 'restart';
      if (!plan.rebuild) return null;
      const nextVersion = () => (version = `${session}.${(counter += 1)}`);
      nextVersion();
      const timer = createStageTimer();
      let rendered = 0;
      const update = runningUpdate();
      running = update;
      reload?.(version);
      try {
        // Sends the word to reload before the build keeps this thread busy.
        if (reload) await nextTurn();
        // After a failed update everything is bundled again, so a fix anywhere clears the problems.
        rendered = await rebuild(problems.length > 0 ? { bundle: true, code: true } : plan, timer, update);
        problems = [];
      } catch (error) {
        problems = problemsOf(error, { root: options.root, cwd: options.cwd });
        if (process.env.DEBUG && !(error as { problems?: unknown }).problems) process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
        if (update.first.size > 0) reload?.(nextVersion());
      } finally {
        servedVersion = version;
        running = null;
        update.ended();
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
    /**
     * Resolves once a request for `urlPath` can be answered: at once when no update runs;
     * else when its page is among those the update renders first (it asks for them: see
     * makeSite's `first`), or when the update ends.
     */
    async built(urlPath: string): Promise<void> {
      const update = running;
      if (!update) return;
      update.wanted.add(routePathOf(urlPath));
      await update.firstDone;
      if (renderedFirstFile(update.first, urlPath) === undefined) await update.done;
    },
    async dispose(): Promise<void> {
      await bundler.dispose();
    },
  };
}

/** An update in progress, as requests made meanwhile see it. */
interface RunningUpdate {
  /** The route paths of pages requested meanwhile, which the update renders first. */
  wanted: Set<string>;
  /** Their files, served before the update ends. */
  first: Map<string, string>;
  /** Resolves once the pages rendered first are there, or the update ended. */
  firstDone: Promise<void>;
  firstRendered: () => void;
  /** Resolves once the update ended. */
  done: Promise<void>;
  ended: () => void;
}

function runningUpdate(): RunningUpdate {
  let firstRendered!: () => void;
  let ended!: () => void;
  const firstDone = new Promise<void>((resolve) => (firstRendered = resolve));
  const done = new Promise<void>((resolve) => (ended = resolve));
  return { wanted: new Set(), first: new Map(), firstDone, firstRendered, done, ended: () => (firstRendered(), ended()) };
}

/** Resolves once the event loop has turned: what is waiting to be read or sent, is. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The route path a URL path asks for: "/course/7/" and "/course/7/index.html" ask for
 * "/course/7", and so does "/course/7/index.json", its data, which a client-side navigation fetches.
 */
function routePathOf(urlPath: string): string {
  const trimmed = urlPath.replace(/(\/index\.(html|json)|\.html|\/+)$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The client bundle as the engine takes it. */
function clientBundleOf(build: ClientBuild): ClientBundle {
  return { assets: build.assets, files: build.files, bundled: true };
}

/** A running dev session (see createDevSession). */
export type DevSession = Awaited<ReturnType<typeof createDevSession>>;
