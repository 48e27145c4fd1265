import path from 'node:path';
import { CACHE_ROOT, PACKAGE_ROOT } from '../paths.ts';
import type { Colors } from '../problems/report.ts';
import type { DevSessionOptions } from './session.ts';

/**
 * What an in-memory session started from the terminal (`site dev`, `site edit`) reads:
 * this package's site/, the content file, the working folder and environment, the build
 * cache's images, and warnings printed to stderr. Kept apart from session.ts, which loads
 * the whole engine.
 */
export function terminalSessionOptions(contentFile: string, err: Colors): Omit<DevSessionOptions, 'draft'> {
  return {
    root: PACKAGE_ROOT,
    contentFile,
    cwd: process.cwd(),
    env: process.env,
    imagesDir: path.join(CACHE_ROOT, 'images'),
    onWarning: (message) => process.stderr.write(`${err.yellow('warning:')} ${message}\n`),
  };
}
