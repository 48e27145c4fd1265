import path from 'node:path';
import { InvalidArgumentError } from 'commander';

/** Global flags every command reads. */
export interface GlobalOptions {
  quiet?: boolean;
  verbose?: boolean;
}

/** Parses --port: a whole number from 1 to 65535. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new InvalidArgumentError('must be a whole number from 1 to 65535.');
  return port;
}

export function resolveFromCwd(file: string): string {
  return path.resolve(process.cwd(), file);
}
