import path from 'node:path';

/**
 * How a file or folder is named to people (problems, progress): relative to the working
 * folder when inside it, whole when not (never a climb of ../), with "/" separators.
 */
export function displayPath(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file);
  return (relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : path.resolve(cwd, file)).split(path.sep).join('/');
}
