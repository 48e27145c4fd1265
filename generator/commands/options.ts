import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';

/** Global flags every command reads. */
export interface GlobalOptions {
  quiet?: boolean;
  verbose?: boolean;
}

/** Parses --port: a whole number from 0 to 65535 (0: the system picks a free port). */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('must be a whole number from 0 to 65535 (0 picks a free port).');
  return port;
}

/** Parses a file or folder named on the command line: anything but nothing (an empty --cache-dir would be the working folder), or an option. */
export function parsePath(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('must name a file or folder, not be empty.');
  // `--out --no-cache` (the folder forgotten) would take the next option as the folder's name.
  if (value.startsWith('--')) throw new InvalidArgumentError(`is an option, not a file or folder: name one first (a folder whose name starts with -- is written ./${value}).`);
  return value;
}

/** An absolute path for a file named on the command line. */
export function resolveFromCwd(file: string): string {
  return path.resolve(process.cwd(), file);
}

/**
 * The options of every command that starts a server: --port, and --host bound to
 * 127.0.0.1 unless the user asks to expose it.
 */
export function withServerOptions(command: Command, defaultPort: number): Command {
  return command
    .option('-p, --port <port>', 'the port to listen on (0 picks a free one)', parsePort, defaultPort)
    .option('--host <host>', 'the address to bind (use 0.0.0.0 to expose it to your network)', '127.0.0.1');
}

/** The --content option of every command that reads content.yaml. */
export function withContentOption(command: Command): Command {
  return command.option('-c, --content <file>', 'the content file', parsePath, 'content.yaml');
}
