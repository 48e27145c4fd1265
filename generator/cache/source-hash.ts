import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
