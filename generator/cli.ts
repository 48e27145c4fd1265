import { Command, CommanderError } from 'commander';
import { registerBuild } from './commands/build.ts';
import { registerCheck } from './commands/check.ts';
import { registerDev } from './commands/dev.ts';
import { registerEdit } from './commands/edit.ts';
import { registerSchema } from './commands/schema.ts';
import { registerServe } from './commands/serve.ts';
import { ContentProblemError, OutputProblemError, SiteError, UsageProblemError } from './problems/errors.ts';
import { fileSystemProblem } from './problems/file-system-problem.ts';
import { listenProblem } from './problems/listen-problem.ts';
import { colorsFor, formatProblems } from './problems/report.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './paths.ts';

/** Exit codes, set in one place: 0 success, 1 content or build problem, 2 wrong usage. */
export const ExitCodes = { ok: 0, problem: 1, usage: 2 } as const;

/** Builds the commander program: one command per file under commands/. */
export function createProgram(version: string = packageVersion()): Command {
  const program = new Command('site')
    .description('Build the community and agency website from content.yaml into a static out/ folder.')
    .version(version, '-v, --version', 'print the version')
    .option('-q, --quiet', 'print only problems and warnings')
    .option('--verbose', 'print per-stage detail and timings (set DEBUG=1 for stack traces)')
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError(true)
    .showHelpAfterError('(run "site --help" for usage)')
    .exitOverride();
  registerBuild(program);
  registerCheck(program);
  registerServe(program);
  registerDev(program);
  registerEdit(program);
  registerSchema(program);
  for (const command of program.commands) command.exitOverride().showHelpAfterError(`(run "site ${command.name()} --help" for usage)`);
  return program;
}

/** Runs the CLI; never throws. Prints problems without stack traces unless DEBUG is set. */
export async function main(argv: readonly string[]): Promise<void> {
  quietOnClosedPipe();
  const program = createProgram();
  // `site help <command>` for a command that does not exist: commander prints the general
  // help as if asked for it; say what was wrong, as `site <unknown>` does.
  const [first, topic] = argv.slice(2);
  if (first === 'help' && topic && !topic.startsWith('-') && !program.commands.some((command) => command.name() === topic)) {
    process.stderr.write(`error: unknown command '${topic}'\n(run "site --help" for usage)\n`);
    process.exitCode = ExitCodes.usage;
    return;
  }
  try {
    await program.parseAsync(argv as string[]);
  } catch (error) {
    process.exitCode = reportError(error);
  }
}

/** The version of this package, for --version. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * `site build --help | head` closes the pipe before the output ends; like other Unix tools,
 * stop quietly then (Node would otherwise die of an unhandled EPIPE with a stack trace).
 */
function quietOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(process.exitCode ?? ExitCodes.ok);
    });
}

function reportError(thrown: unknown): number {
  const colors = colorsFor(process.stderr);
  // A refusal of the system that is the maintainer's to mend (a port, a full disk) is a problem like any other.
  const error = listenProblem(thrown) ?? fileSystemProblem(thrown) ?? thrown;
  if (error instanceof CommanderError) {
    // commander has printed its own message; --help and --version exit 0.
    return error.exitCode === 0 ? ExitCodes.ok : ExitCodes.usage;
  }
  if (error instanceof ContentProblemError || error instanceof OutputProblemError) {
    process.stderr.write(`${formatProblems(error.problems, colors)}\n`);
    return ExitCodes.problem;
  }
  if (error instanceof SiteError) {
    process.stderr.write(`${colors.red(error.message)}\n${error.hint ? `${colors.yellow('hint:')} ${error.hint}\n` : ''}`);
    if (process.env.DEBUG && error.cause) process.stderr.write(`${String((error.cause as Error).stack ?? error.cause)}\n`);
    return error instanceof UsageProblemError ? ExitCodes.usage : ExitCodes.problem;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${colors.red(`unexpected failure: ${message}`)}\n`);
  if (process.env.DEBUG) process.stderr.write(`${(error as Error).stack ?? ''}\n`);
  else process.stderr.write(`${colors.dim('Run again with DEBUG=1 for a stack trace, and report it if the problem is not in your files.')}\n`);
  return ExitCodes.problem;
}
