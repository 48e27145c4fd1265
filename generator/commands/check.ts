import type { Command } from 'commander';
import { ContentProblemError } from '../problems/errors.ts';
import { colorsFor, formatMs, problemsAsGithubAnnotations, problemsAsJson } from '../problems/report.ts';
import { createStageTimer } from '../build/stage-timer.ts';
import { resolveFromCwd, withContentOption, type GlobalOptions } from './options.ts';

interface CheckOptions {
  content: string;
  format: 'text' | 'json';
}

/** `site check`: validate and derive content.yaml without writing anything. */
export function registerCheck(program: Command): void {
  withContentOption(program.command('check').description('validate content.yaml (shape, references, links, prices) without building; exit 1 on problems'))
    .option('--format <format>', 'output format: "text" (problems on stderr) or "json" ({ ok, problems } on stdout)', 'text')
    .addHelpText('after', '\nUnder GITHUB_ACTIONS=true each problem is also printed as a ::error file=…,line=…,col=…:: annotation (on stdout; with --format json, on stderr).')
    .action(async (options: CheckOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      if (options.format !== 'text' && options.format !== 'json') command.error(`error: --format must be "text" or "json", not "${options.format}"`, { exitCode: 2 });
      const started = performance.now();
      const errColors = colorsFor(process.stderr);
      const timer = createStageTimer((stage) => {
        if (global.verbose) process.stderr.write(`${errColors.dim('•')} ${stage.name.padEnd(9)} ${formatMs(stage.ms).padStart(7)}\n`);
      });
      // Loaded here, not at the top: the other commands' modules need not load for a check.
      const { readContent } = await import('../content/read-content.ts');
      try {
        const { data, images } = await readContent({ file: resolveFromCwd(options.content), timer });
        if (options.format === 'json') process.stdout.write(`${problemsAsJson([])}\n`);
        else if (!global.quiet) {
          const counts = `${data.courses.length} courses, ${data.books.length} books, ${data.bundles.length} bundles, ${data.plans.length} plans${images.sources.length > 0 ? `, ${images.sources.length} images` : ''}`;
          process.stdout.write(`${colorsFor(process.stdout).green('✓')} ${options.content} is valid: ${counts} (${formatMs(performance.now() - started)})\n`);
        }
      } catch (error) {
        if (!(error instanceof ContentProblemError)) throw error;
        if (options.format === 'json') process.stdout.write(`${problemsAsJson(error.problems)}\n`);
        // GitHub reads workflow commands from either stream: stdout, where the readable list
        // is on stderr; stderr, where stdout holds the JSON document alone.
        if (process.env.GITHUB_ACTIONS === 'true') (options.format === 'json' ? process.stderr : process.stdout).write(`${problemsAsGithubAnnotations(error.problems)}\n`);
        if (options.format === 'text') throw error; // printed by the CLI entry, exit 1
        process.exitCode = 1;
      }
    });
}
