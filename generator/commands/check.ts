import type { Command } from 'commander';
import { checkContent } from '../build.ts';
import { ContentProblemError } from '../errors.ts';
import { colorsFor, formatMs, problemsAsGithubAnnotations, problemsAsJson } from '../report.ts';
import { resolveFromCwd, type GlobalOptions } from './shared.ts';

interface CheckOptions {
  content: string;
  format: 'text' | 'json';
}

/** `site check`: validate and derive content.yaml without writing anything. */
export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('validate content.yaml (shape, references, links, prices) without building')
    .option('-c, --content <file>', 'the content file', 'content.yaml')
    .option('--format <format>', 'output format: text or json', 'text')
    .action(async (options: CheckOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      if (options.format !== 'text' && options.format !== 'json') command.error(`error: --format must be "text" or "json", not "${options.format}"`, { exitCode: 2 });
      const started = performance.now();
      try {
        const data = await checkContent({ contentFile: resolveFromCwd(options.content) });
        if (options.format === 'json') process.stdout.write(`${problemsAsJson([])}\n`);
        else if (!global.quiet) {
          const colors = colorsFor(process.stdout);
          process.stdout.write(
            `${colors.green('✓')} ${options.content} is valid: ${data.courses.length} courses, ${data.books.length} books, ${data.bundles.length} bundles, ${data.plans.length} plans (${formatMs(performance.now() - started)})\n`,
          );
        }
      } catch (error) {
        if (error instanceof ContentProblemError && options.format === 'json') {
          process.stdout.write(`${problemsAsJson(error.problems)}\n`);
          if (process.env.GITHUB_ACTIONS === 'true') process.stdout.write(`${problemsAsGithubAnnotations(error.problems)}\n`);
          process.exitCode = 1;
          return;
        }
        throw error;
      }
    });
}
