import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clientVersion } from '../cache/code-version.ts';
import { digest } from '../cache/digest.ts';
import { bundleClient, clientBuildOptions, stopEsbuild, type ClientAssets } from './bundle.ts';

/** A file of the client bundle: where it goes under out/, its identity and its bytes. */
export interface BundleFile {
  file: string;
  id: string;
  contents: Uint8Array;
}

/** The client bundle as a build uses it: what pages reference, and its files. */
export interface ClientBundle {
  assets: ClientAssets;
  files: BundleFile[];
  /** Whether it was bundled now (false: taken from the cache). */
  bundled: boolean;
}

/** What the cache keeps of a bundle beside its files (client/<version>/bundle.json). */
interface SavedBundle {
  assets: ClientAssets;
  files: { file: string; id: string }[];
}

/**
 * The client bundle of this version of site/ and its packages, kept in the cache folder
 * `dir` (client/<version>/). The bundle is code only, so a version bundled before is taken
 * as it is, each file checked against the identity it was kept under (any file damaged,
 * and it is bundled again); with `fresh` (--no-cache), or none kept, it is bundled, and
 * kept. One version is kept: the bundles of older code go.
 */
export async function clientBundle(dir: string, options: { fresh?: boolean } = {}): Promise<ClientBundle> {
  const folder = path.join(dir, clientVersion(clientBuildOptions()));
  if (!options.fresh) {
    const kept = readKept(folder);
    if (kept) return { ...kept, bundled: false };
  }
  const { assets, files } = await bundleClient();
  await stopEsbuild();
  const bundle = files.map((file) => {
    const contents = typeof file.contents === 'string' ? Buffer.from(file.contents) : file.contents;
    return { file: file.file, id: digest(contents), contents };
  });
  keep(folder, { assets, files: bundle.map(({ file, id }) => ({ file, id })) }, bundle);
  return { assets, files: bundle, bundled: true };
}

/** The bundle kept in `folder`, every file intact; null when there is none, or any file is missing or damaged. */
function readKept(folder: string): Omit<ClientBundle, 'bundled'> | null {
  try {
    const saved = JSON.parse(readFileSync(path.join(folder, 'bundle.json'), 'utf8')) as SavedBundle;
    const files: BundleFile[] = [];
    for (const { file, id } of saved.files) {
      const contents = readFileSync(path.join(folder, file));
      if (digest(contents) !== id) return null;
      files.push({ file, id, contents });
    }
    return { assets: saved.assets, files };
  } catch {
    return null;
  }
}

/** Writes the bundle into `folder`, beside then renamed (two builds at once, or one killed, never leave half a bundle), and removes the others. */
function keep(folder: string, saved: SavedBundle, files: readonly BundleFile[]): void {
  const parent = path.dirname(folder);
  const temporary = `${folder}.${process.pid}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  for (const file of files) {
    const target = path.join(temporary, file.file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
  writeFileSync(path.join(temporary, 'bundle.json'), JSON.stringify(saved));
  rmSync(folder, { recursive: true, force: true });
  renameSync(temporary, folder);
  for (const other of readdirSync(parent)) if (path.join(parent, other) !== folder) rmSync(path.join(parent, other), { recursive: true, force: true });
}
