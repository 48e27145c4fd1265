import type { StageReport } from './stage-timer.ts';
import type { ClientAssets } from '../client/bundle.ts';
import type { Budgets, PageSize } from '../check/page-sizes.ts';
import type { PriceChange } from '../content/prices.ts';

/* What a build is asked to do, and what it reports. */

export interface BuildOptions {
  contentFile: string;
  outDir: string;
  env?: NodeJS.ProcessEnv;
  /** Called as each stage ends (the CLI prints a line). */
  onStage?: (stage: StageReport) => void;
  /** Called with warnings that do not stop the build. */
  onWarning?: (message: string) => void;
  /** The build cache's folder (default: node_modules/.cache/site). */
  cacheDir?: string;
  /** Renders every page and bundles afresh, without reading the last build's record (which this build then replaces). */
  noCache?: boolean;
  /**
   * List every page's download, its brotli size measured (for `--report`). Otherwise a
   * page's HTML is compressed only where a budget could be exceeded, and no page's size is
   * kept once checked.
   */
  exactSizes?: boolean;
  /** Byte budgets per first visit (default BUDGETS); benchmarks of synthetic sites lift them. */
  budgets?: Budgets;
  /** Render threads (default: defaultJobs; 1 renders in this thread). */
  jobs?: number;
}

/** What a build changed, for people: what it rendered, what visitors will see change. */
export interface BuildChanges {
  /** The pages rendered (their input changed), by path. */
  rendered: string[];
  /** The pages whose HTML differs from what the last build wrote (all of them with no last build), by path. */
  pages: string[];
  /** Files new or changed against the last build (all of them with no last build), and files removed. */
  written: string[];
  removed: string[];
  /** Prices that differ from the last build's. */
  prices: PriceChange[];
}

/** Brotli bytes of the client's code and styles (see BuildResult.downloads). */
export interface Downloads {
  js: number;
  css: number;
}

/** The largest first visit's JavaScript, and the stylesheet, of a client bundle. */
export function downloadsOf(assets: ClientAssets): Downloads {
  return { js: Math.max(...Object.values(assets.firstVisit).map((size) => size.jsBrotli)), css: assets.cssSize.brotli };
}

export interface BuildResult {
  pages: number;
  /** What a first visit downloads at most besides the HTML: the largest page's JavaScript, and the stylesheet (brotli bytes). */
  downloads: Downloads;
  /** Peak resident memory of the process so far, in MB. */
  peakMb: number;
  stages: readonly StageReport[];
  /** What a first visit to each page downloads, measured exactly: only with `exactSizes` (for `--report`), else empty. */
  sizes: PageSize[];
  changes: BuildChanges;
  /** True when nothing the site is made from had changed, and out/ was left as it was. */
  upToDate: boolean;
  ms: number;
}

/** Peak resident memory of the process so far, in MB. */
export function peakMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
