import type { Command } from 'commander';
import { colorsFor, formatBytes, formatMs } from '../report.ts';
import { InvalidArgumentError } from 'commander';
import { resolveFromCwd, withContentOption, type GlobalOptions } from './options.ts';

interface BuildCommandOptions {
  content: string;
  out: string;
  report?: boolean;
  budgets: boolean;
  jobs?: number;
}

/** `site build`: content.yaml to a complete out/ folder. */
export function registerBuild(program: Command): void {
  withContentOption(program.command('build').description('validate content.yaml, render every page, bundle the client and write out/'))
    .option('-o, --out <dir>', 'the output folder: new, empty or one a build wrote (replaced atomically)', 'out')
    .option('--report', 'print what a first visit to each page downloads (HTML, CSS, JS; raw and brotli)')
    .option('--no-budgets', 'do not fail on byte budgets (for experiments with synthetic content)')
    .option('-j, --jobs <n>', 'render threads (default: one per core from 5,000 pages with 4 cores or more, else 1 in the main thread)', parseJobs)
    .addHelpText('after', '\nThe login gate reads SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD from the environment.')
    .action(async (options: BuildCommandOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      const colors = colorsFor(process.stderr);
      const { build } = await import('../pipeline/build.ts');
      const result = await build({
        contentFile: resolveFromCwd(options.content),
        outDir: resolveFromCwd(options.out),
        exactSizes: options.report,
        budgets: options.budgets ? undefined : { js: Infinity, css: Infinity, html: Infinity },
        jobs: options.jobs,
        onStage: (stage) => {
          if (global.quiet) return;
          const detail = stage.detail ? colors.dim(` ${stage.detail}`) : '';
          process.stderr.write(`${colors.dim('•')} ${stage.name.padEnd(9)} ${formatMs(stage.ms).padStart(7)}${detail}\n`);
        },
        onWarning: (message) => process.stderr.write(`${colors.yellow('warning:')} ${message}\n`),
      });
      if (global.verbose)
        process.stderr.write(`${colors.dim(`${result.assets.count} asset files; peak memory ${result.peakMb.toFixed(0)} MB (--report lists each page's download)`)}\n`);
      if (options.report) {
        const { formatSizeTable } = await import('../pipeline/page-sizes.ts');
        process.stdout.write(`${formatSizeTable(result.sizes, { outLabel: options.out })}\n`);
      }
      const js = formatBytes(Math.max(...Object.values(result.assets.firstVisit).map((size) => size.jsBrotli)));
      const css = formatBytes(result.assets.cssSize.brotli);
      if (!global.quiet)
        process.stdout.write(`${colorsFor(process.stdout).green('✓')} ${result.pages} pages, at most ${js} JS and ${css} CSS per page (br) in ${formatMs(result.ms)} → ${options.out}/\n`);
    });
}

/** Parses --jobs: a whole number from 1 to 64. */
function parseJobs(value: string): number {
  const jobs = Number(value);
  if (!/^\d+$/.test(value) || jobs < 1 || jobs > 64) throw new InvalidArgumentError('must be a whole number from 1 to 64.');
  return jobs;
}
