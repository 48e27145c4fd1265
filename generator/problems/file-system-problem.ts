import { accessSync, constants, statSync } from 'node:fs';
import nodePath from 'node:path';
import { BuildProblemError } from './errors.ts';

const CHOOSE_FOLDERS = 'or choose folders it can write with --out and --cache-dir';

/**
 * A failure of the disk rather than of site (a full disk, a folder it may not write, a
 * path through a file), said in a maintainer's words with what to do about it; null for
 * any other error, which is a bug and is reported as one. Node's system errors carry the
 * reason as `code`, and usually the file as `path` (a copy's target as `dest`; neither
 * when writing to a file already open).
 */
export function fileSystemProblem(error: unknown): BuildProblemError | null {
  if (!(error instanceof Error)) return null;
  const { code, path, dest, syscall } = error as NodeJS.ErrnoException & { dest?: string };
  // Node's recursive mkdir says ENOENT when the folder above refused it (a read-only disk):
  // that folder is asked why.
  if (code === 'ENOENT' && syscall === 'mkdir' && path) {
    const refusal = refusalAbove(path);
    if (refusal) return fileSystemProblem(refusal);
    // The folder above is there and writable, yet takes no new folder: not a disk (/proc, /sys).
    if (statSync(nodePath.dirname(path), { throwIfNoEntry: false })?.isDirectory()) {
      return new BuildProblemError(`${nodePath.dirname(path)} takes no new folder, so ${path} could not be made`, { hint: `It is not an ordinary disk (like /proc or /sys): build on one, ${CHOOSE_FOLDERS}.`, cause: error });
    }
  }
  // Refusals of anything but a file (a port: `listen EACCES`) carry no path, and are not the disk's.
  if (path === undefined && code !== 'ENOSPC' && code !== 'EDQUOT') return null;
  // Node's rm says a name is too long with no code, only in its message.
  if (code === 'ENAMETOOLONG' || (syscall === 'rm' && /File name too long/.test(error.message))) {
    return new BuildProblemError(`a path is too long for the file system: ${path}`, { hint: `Give --out and --cache-dir shorter paths: a site's files lie a few folders deeper.`, cause: error });
  }
  // A full or read-only disk refuses the file being written: a copy's target.
  const written = dest ?? path;
  const at = path ? ` (${dest ? `${path} → ${dest}` : path})` : '';
  const problem = (message: string, hint: string) => new BuildProblemError(message, { hint, cause: error });
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return problem(
        `the disk is full: the build could not write${written ? ` ${written}` : ' its files'}`,
        'Free some space on that disk and build again. A site takes room three times over: out/, the spare copy of it kept beside it, and the build cache.',
      );
    case 'EACCES':
    case 'EPERM':
      return problem(`permission denied${at}`, `site writes out/, the folders beside it and the build cache: give this user write access there, ${CHOOSE_FOLDERS}.`);
    case 'EROFS':
      return problem(`the file system is read-only${written ? ` (${written})` : ''}`, `Build on a writable disk, ${CHOOSE_FOLDERS}.`);
    case 'EBUSY':
      return problem(`${path} is a mount point, or in use, so the build could not ${syscall === 'rename' ? 'rename' : 'remove'} it`, 'site build replaces out/ by renaming it: if out/ is a mount point, mount the folder above it instead, or give --out a folder inside the mount.');
    case 'ENOTDIR':
      return problem(`a part of this path is a file, not a folder${at}`, `Move that file out of the way, ${CHOOSE_FOLDERS}.`);
    default:
      return null;
  }
}

/** Why the nearest folder above `path` that exists may not be written in, if it may not (EACCES, EPERM, EROFS). */
export function refusalAbove(path: string): NodeJS.ErrnoException | null {
  let folder = nodePath.dirname(path);
  while (!statSync(folder, { throwIfNoEntry: false })) {
    const parent = nodePath.dirname(folder);
    if (parent === folder) return null;
    folder = parent;
  }
  try {
    accessSync(folder, constants.W_OK);
    return null;
  } catch (refusal) {
    return refusal as NodeJS.ErrnoException;
  }
}
