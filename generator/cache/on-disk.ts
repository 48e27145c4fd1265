import { lstatSync, mkdirSync, rmSync, type Stats } from 'node:fs';

/*
 * What stands at a path of a folder a build keeps (its cache, out/ and its spare). Those
 * folders can be damaged by hand or by a tool (a file where a folder goes); a build puts
 * that right rather than stopping on it.
 */

/** What is at `file`, links not followed; undefined when nothing is, or when a file stands where a folder of its path goes. */
export function statOf(file: string): Stats | undefined {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Makes `folder` (and the folders above it) a folder, replacing whatever else stands there. */
export function makeFolder(folder: string): void {
  if (statOf(folder)?.isDirectory()) return;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
}

/** Removes the file at `file` if there is one (none when a file stands where a folder of its path goes). */
export function removeFile(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
  }
}
