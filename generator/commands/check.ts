import path from 'node:path';
import type { Command } from 'commander';
import type { CheckOutcome } from '../content/check-memo.ts';
import { ContentProblemError } from '../errors.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { colorsFor, formatMs, problemsAsGithubAnnotations, problemsAsJson } from '../report.ts';
import { resolveFromCwd, type CliContext, type GlobalOptions } from './shared.ts';

interface CheckOptions {
  content: string;
  format: 'text' | 'json';
  cache: boolean;
}

/** Where `site check` remembers its last outcome per content file (see check-memo.ts). */
export const CHECK_CACHE_DIR = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'site-check');

/** `site check`: validate and derive content.yaml without writing anything. */
export function registerCheck(program: Command, context: CliContext = {}): void {
  program
    .command('check')
    .description('validate content.yaml (shape, references, links, prices) without building; exit 1 on problems')
    .option('-c, --content <file>', 'the content file', 'content.yaml')
    .option('--format <format>', 'output format: "text" (problems on stderr) or "json" ({ ok, problems } on stdout)', 'text')
    .option('--no-cache', 'check in full even if the file has not changed since the last check')
    .addHelpText(
      'after',
      '\nUnder GITHUB_ACTIONS=true each problem is also printed on stdout as a ::error file=…,line=…,col=…:: annotation.' +
        '\nThe outcome for unchanged bytes is remembered in node_modules/.cache/site-check; --no-cache ignores it.',
    )
    .action(async (options: CheckOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      if (options.format !== 'text' && options.format !== 'json') command.error(`error: --format must be "text" or "json", not "${options.format}"`, { exitCode: 2 });
      const started = performance.now();
      const errColors = colorsFor(process.stderr);
      const stage = (name: string, detail: string) => global.verbose && process.stderr.write(`${errColors.dim('•')} ${name.padEnd(9)} ${detail}\n`);
      const outcome = await checkOutcome(options, context, {
        onStage: (name, ms) => stage(name, formatMs(ms).padStart(7)),
        onRecall: () => stage('cached', 'unchanged since the last check: its outcome is reused (--no-cache checks in full)'),
      });
      if (outcome.ok) {
        if (options.format === 'json') process.stdout.write(`${problemsAsJson([])}\n`);
        else if (!global.quiet) {
          const colors = colorsFor(process.stdout);
          const { courses, books, bundles, plans } = outcome.counts;
          process.stdout.write(
            `${colors.green('✓')} ${options.content} is valid: ${courses} courses, ${books} books, ${bundles} bundles, ${plans} plans (${formatMs(performance.now() - started)})\n`,
          );
        }
        return;
      }
      if (options.format === 'json') process.stdout.write(`${problemsAsJson(outcome.problems)}\n`);
      // GitHub reads workflow commands from stdout; the human-readable list goes to stderr.
      if (process.env.GITHUB_ACTIONS === 'true') process.stdout.write(`${problemsAsGithubAnnotations(outcome.problems)}\n`);
      if (options.format === 'text') throw new ContentProblemError(outcome.problems); // printed by the CLI entry, exit 1
      process.exitCode = 1;
    });
}

/** Checks the content file, or recalls the outcome for the same bytes from the last check. */
async function checkOutcome(
  options: CheckOptions,
  context: CliContext,
  report: { onStage: (name: string, ms: number) => void; onRecall: () => void },
): Promise<CheckOutcome> {
  // Loaded here, not at the top: `site check` must not pay for the bundler or React.
  const [{ checkContent }, { contentDisplayName, readContentBytes }, { CheckMemo }] = await Promise.all([
    import('../content/check.ts'),
    import('../content/load.ts'),
    import('../content/check-memo.ts'),
  ]);
  const contentFile = resolveFromCwd(options.content);
  const displayName = contentDisplayName(contentFile);
  let memo: InstanceType<typeof CheckMemo> | undefined;
  try {
    const bytes = readContentBytes(contentFile, displayName);
    // Only a compiled CLI has a build id to key the cache on; tests that run the sources do not.
    if (options.cache && context.buildId) {
      memo = new CheckMemo({ cacheDir: CHECK_CACHE_DIR, buildId: context.buildId, contentFile, displayName, source: bytes });
      const recalled = memo.recall();
      if (recalled) {
        report.onRecall();
        return recalled;
      }
    }
    const data = await checkContent({ contentFile, bytes, onStage: (stage) => report.onStage(stage.name, stage.ms) });
    const outcome: CheckOutcome = {
      ok: true,
      counts: { courses: data.courses.length, books: data.books.length, bundles: data.bundles.length, plans: data.plans.length },
    };
    memo?.remember(outcome);
    return outcome;
  } catch (error) {
    if (!(error instanceof ContentProblemError)) throw error;
    const outcome: CheckOutcome = { ok: false, problems: error.problems };
    memo?.remember(outcome);
    return outcome;
  }
}
