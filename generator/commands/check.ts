import type { Command } from 'commander';
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
    .description('validate content.yaml (shape, references, links, prices) without building; exit 1 on problems')
    .option('-c, --content <file>', 'the content file', 'content.yaml')
    .option('--format <format>', 'output format: "text" (problems on stderr) or "json" ({ ok, problems } on stdout)', 'text')
    .addHelpText(
      'after',
      '\nUnder GITHUB_ACTIONS=true each problem is also printed on stdout as a ::error file=…,line=…,col=…:: annotation.',
    )
    .action(async (options: CheckOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      if (options.format !== 'text' && options.format !== 'json') command.error(`error: --format must be "text" or "json", not "${options.format}"`, { exitCode: 2 });
      // Loaded here, not at the top: `site check` must not pay for the bundler or React.
      const { checkContent } = await import('../content/check.ts');
      const started = performance.now();
      const errColors = colorsFor(process.stderr);
      try {
        const data = await checkContent({
          contentFile: resolveFromCwd(options.content),
          onStage: global.verbose ? (stage) => process.stderr.write(`${errColors.dim('•')} ${stage.name.padEnd(9)} ${formatMs(stage.ms).padStart(7)}\n`) : undefined,
        });
        if (options.format === 'json') process.stdout.write(`${problemsAsJson([])}\n`);
        else if (!global.quiet) {
          const colors = colorsFor(process.stdout);
          process.stdout.write(
            `${colors.green('✓')} ${options.content} is valid: ${data.courses.length} courses, ${data.books.length} books, ${data.bundles.length} bundles, ${data.plans.length} plans (${formatMs(performance.now() - started)})\n`,
          );
        }
      } catch (error) {
        if (!(error instanceof ContentProblemError)) throw error;
        if (options.format === 'json') process.stdout.write(`${problemsAsJson(error.problems)}\n`);
        // GitHub reads workflow commands from stdout; the human-readable list goes to stderr.
        if (process.env.GITHUB_ACTIONS === 'true') process.stdout.write(`${problemsAsGithubAnnotations(error.problems)}\n`);
        if (options.format === 'text') throw error; // printed by the CLI entry, exit 1
        process.exitCode = 1;
      }
    });
}
