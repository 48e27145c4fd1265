import { appendFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { ContentProblemError, OutputProblemError, SiteError, type Problem } from '../problems/errors.ts';
import { fileSystemProblem } from '../problems/file-system-problem.ts';
import { colorsFor, formatBytes, formatMs, problemsAsGithubAnnotations, problemsAsJson } from '../problems/report.ts';
import { parsePath, resolveFromCwd, withContentOption, type GlobalOptions } from './options.ts';

interface BuildCommandOptions {
  content: string;
  out: string;
  report?: boolean;
  budgets: boolean;
  jobs?: number;
  cache: boolean;
  cacheDir?: string;
  format: 'text' | 'json';
}

/** `site build`: content.yaml to a complete out/ folder, doing what changed since the last build. */
export function registerBuild(program: Command): void {
  withContentOption(program.command('build').description('validate content.yaml, render the pages that changed, bundle the client and write out/'))
    .option('-o, --out <dir>', 'the output folder: new, empty or one a build wrote (replaced atomically)', parsePath, 'out')
    .option('--report', 'print what a first visit to each page downloads (HTML, CSS, JS; raw and brotli)')
    .option('--no-budgets', 'do not fail on byte budgets (for experiments with synthetic content)')
    .option('-j, --jobs <n>', 'render threads (default: one per core from 5,000 pages to render with 4 cores or more, else 1 in the main thread)', parseJobs)
    .option('--cache-dir <dir>', 'the build cache\'s folder (default: node_modules/.cache/site)', parsePath)
    .option('--no-cache', 'render every page and bundle afresh, without the last build\'s record (the cache is rewritten)')
    .option('--format <format>', 'output format: "text" (progress on stderr) or "json" (what changed, on stdout)', 'text')
    .addHelpText(
      'after',
      '\nThe login gate reads SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD from the environment.' +
        '\nUnder GITHUB_ACTIONS=true the pages and prices that changed go to the job summary, problems as annotations.',
    )
    .action(async (options: BuildCommandOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      if (options.format !== 'text' && options.format !== 'json') command.error(`error: --format must be "text" or "json", not "${options.format}"`, { exitCode: 2 });
      const colors = colorsFor(process.stderr);
      const json = options.format === 'json';
      const [{ build }, { buildResultJson, buildSummaryMarkdown, changesLine, changesList }] = await Promise.all([import('../build/build.ts'), import('../build/build-summary.ts')]);
      let result;
      try {
        result = await build({
          contentFile: resolveFromCwd(options.content),
          outDir: resolveFromCwd(options.out),
          exactSizes: options.report,
          budgets: options.budgets ? undefined : { js: Infinity, css: Infinity, html: Infinity },
          jobs: options.jobs,
          cacheDir: options.cacheDir === undefined ? undefined : resolveFromCwd(options.cacheDir),
          noCache: !options.cache,
          onStage: (stage) => {
            if (global.quiet) return;
            const detail = stage.detail ? colors.dim(` ${stage.detail}`) : '';
            process.stderr.write(`${colors.dim('•')} ${stage.name.padEnd(9)} ${formatMs(stage.ms).padStart(7)}${detail}\n`);
          },
          onWarning: (message) => process.stderr.write(`${colors.yellow('warning:')} ${message}\n`),
        });
      } catch (thrown) {
        // A problem the maintainer can mend is told to tools too: those of the content and the
        // output, listed, and any other (a full disk, a refused folder) as one problem of its own.
        const error = fileSystemProblem(thrown) ?? thrown;
        if (!(error instanceof SiteError)) throw error;
        const problems: readonly Problem[] = error instanceof ContentProblemError || error instanceof OutputProblemError ? error.problems : [{ path: '', message: error.message, hint: error.hint }];
        if (json) process.stdout.write(`${problemsAsJson(problems)}\n`);
        // GitHub reads workflow commands from either stream; with --format json stdout holds the JSON document alone.
        if (process.env.GITHUB_ACTIONS === 'true') (json ? process.stderr : process.stdout).write(`${problemsAsGithubAnnotations(problems)}\n`);
        throw error; // told on stderr by the CLI entry, exit 1 (2 for a refused option)
      }
      if (process.env.GITHUB_ACTIONS === 'true' && process.env.GITHUB_STEP_SUMMARY) {
        // out/ is in place by now: a summary that cannot be written is told, and fails nothing.
        try {
          appendFileSync(process.env.GITHUB_STEP_SUMMARY, buildSummaryMarkdown(result));
        } catch (error) {
          process.stderr.write(`${colors.yellow('warning:')} the job summary could not be written to ${process.env.GITHUB_STEP_SUMMARY} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); out/ is built\n`);
        }
      }
      if (json) process.stdout.write(`${buildResultJson(result)}\n`);
      if (global.verbose) {
        const list = changesList(result, colors);
        if (list) process.stderr.write(`${list}\n`);
        process.stderr.write(`${colors.dim(`peak memory ${result.peakMb.toFixed(0)} MB (--report lists each page's download)`)}\n`);
      }
      if (options.report) {
        const { formatSizeTable } = await import('../check/page-sizes.ts');
        process.stdout.write(`${formatSizeTable(result.sizes, { outLabel: options.out })}\n`);
      }
      if (global.quiet || json) return;
      const { js, css } = result.downloads;
      process.stdout.write(`${colorsFor(process.stdout).green('✓')} ${changesLine(result)}; at most ${formatBytes(js)} JS and ${formatBytes(css)} CSS per page (br), in ${formatMs(result.ms)} → ${options.out}/\n`);
    });
}

/** Parses --jobs: a whole number from 1 to 64. */
function parseJobs(value: string): number {
  const jobs = Number(value);
  if (!/^\d+$/.test(value) || jobs < 1 || jobs > 64) throw new InvalidArgumentError('must be a whole number from 1 to 64.');
  return jobs;
}
