import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentProblemError } from '../errors.ts';

/* The content file as a file: its name in problems, and its bytes (what a build hashes before it reads anything). */

/** The content file's name as problems print it: relative to the working folder. */
export function contentDisplayName(file: string, cwd = process.cwd()): string {
  return path.relative(cwd, file) || file;
}

/** The content file's bytes; a missing or unreadable file is a located problem. */
export function readContentBytes(file: string, displayName: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ContentProblemError([
      {
        path: '',
        message: code === 'ENOENT' ? `cannot find ${displayName}` : `cannot read ${displayName} (${code ?? 'unknown error'})`,
        hint: code === 'ENOENT' ? 'Run the command in the project folder, or name the file with --content FILE.' : undefined,
      },
    ]);
  }
}
