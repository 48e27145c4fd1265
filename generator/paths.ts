import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The folder of this package (where site/ and templates/ live), from source or from the launcher's bundle. */
function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && existsSync(path.join(dir, 'generator')) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'site') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the site package above ${start}`);
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot(import.meta.dirname);
