import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A hash of every file under `dirs` (names and bytes, in a fixed order) and of `extra`
 * strings: what a compiled artefact is made from. Equal hashes, equal sources.
 */
export function hashSources(dirs: readonly string[], extra: readonly string[] = []): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) hash.update(`${full}\0`).update(readFileSync(full)).update('\0');
    }
  };
  for (const dir of dirs) walk(dir);
  for (const value of extra) hash.update(`${value}\0`);
  return hash.digest('hex');
}
