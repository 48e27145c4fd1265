import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../paths.ts';
import { BuildProblemError } from '../problems/errors.ts';

/**
 * The version of everything that turns content into files, besides the content: the
 * generator, the site's components and styles, the document template and the versions of
 * the packages. A page rendered by another version is rendered again.
 */
export function codeVersion(): string {
  return hashSources(
    ['generator', 'site', 'templates'].map((dir) => path.join(PACKAGE_ROOT, dir)),
    [packageVersions()],
  ).slice(0, 22);
}

/** The version of the client bundle's inputs: site/ and the packages, and how they are bundled. */
export function clientVersion(options: unknown): string {
  return hashSources([path.join(PACKAGE_ROOT, 'site')], [packageVersions(), JSON.stringify(options)]).slice(0, 22);
}

/**
 * The packages' versions: package-lock.json, which pins each exactly; package.json's
 * ranges where there is no lock file (a copy of the project without it).
 */
function packageVersions(): string {
  for (const file of ['package-lock.json', 'package.json']) {
    try {
      return readFileSync(path.join(PACKAGE_ROOT, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return '';
}

/**
 * A hash of every file under `dirs` (their paths from each folder's parent, and their
 * bytes, in a fixed order) and of `extra` strings: what a compiled artefact is made from.
 * Equal hashes, equal sources, wherever the project is checked out.
 */
export function hashSources(dirs: readonly string[], extra: readonly string[] = []): string {
  const hash = createHash('sha256');
  const walk = (dir: string, name: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${name}/${entry.name}`);
      else if (entry.isFile()) hash.update(`${name}/${entry.name}\0`).update(readFileSync(path.join(dir, entry.name))).update('\0');
    }
  };
  for (const dir of dirs) walk(dir, path.basename(dir));
  for (const value of extra) hash.update(`${value}\0`);
  return hash.digest('hex');
}

/**
 * `compile()` run on sources whose version `versionOf()` reads, and the version it was
 * compiled from: read before and again after, so that a file saved meanwhile (an editor,
 * a git checkout) is never kept under the version of sources it was not made from. Kept
 * so, it would be taken for that version by every build that finds the sources back as
 * they were (a git stash, an undo). Compiled again while they change; a third change in a
 * row is a problem.
 */
export async function compiledFrom<T>(sources: string, versionOf: () => string, compile: () => Promise<T>): Promise<{ version: string; compiled: T }> {
  for (let attempt = 1; ; attempt++) {
    const version = versionOf();
    const compiled = await compile();
    if (versionOf() === version) return { version, compiled };
    if (attempt === 3) throw new BuildProblemError(`${sources} changed while it was compiled, three times in a row`, { hint: 'Run the command again once the files are saved.' });
  }
}
