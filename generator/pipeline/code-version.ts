import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../paths.ts';
import { hashSources } from './source-hash.ts';

/**
 * The version of everything that turns content into files, besides the content: the
 * generator, the site's components and styles, the document template and the exact
 * versions of the packages (package-lock.json). A page rendered by another version is
 * rendered again.
 */
export function codeVersion(): string {
  const root = PACKAGE_ROOT;
  return hashSources(
    ['generator', 'site', 'templates'].map((dir) => path.join(root, dir)),
    [readFileSync(path.join(root, 'package-lock.json'), 'utf8')],
  ).slice(0, 22);
}

/** The version of the client bundle's inputs: site/ and the packages, and how they are bundled. */
export function clientVersion(options: unknown): string {
  const root = PACKAGE_ROOT;
  return hashSources([path.join(root, 'site')], [readFileSync(path.join(root, 'package-lock.json'), 'utf8'), JSON.stringify(options)]).slice(0, 22);
}
