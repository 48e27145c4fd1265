import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clientVersion } from '../cache/code-version.ts';
import { digest } from '../cache/digest.ts';
import { makeFolder, readFileNow } from '../cache/on-disk.ts';
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
export async function clientBundle(dir: string, options: { fresh?: boolean; onWarning?: (message: string) => void } = {}): Promise<ClientBundle> {
  const folder = path.join(dir, clientVersion(clientBuildOptions()));
  if (!options.fresh) {
    const kept = readKept(folder);
    if (kept && 'damaged' in kept) options.onWarning?.(`the client bundle in the build cache is damaged (${kept.damaged}): bundled again`);
    else if (kept) return { ...kept, bundled: false };
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

/** The bundle kept in `folder`, every file intact; null when none is kept; what is damaged when a file is missing, unreadable or does not match its identity. */
function readKept(folder: string): Omit<ClientBundle, 'bundled'> | { damaged: string } | null {
  let saved: SavedBundle;
  try {
    saved = JSON.parse(readFileNow(path.join(folder, 'bundle.json'), 'utf8')) as SavedBundle;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : { damaged: 'bundle.json cannot be read' };
  }
  const files: BundleFile[] = [];
  for (const { file, id } of Array.isArray(saved?.files) ? saved.files : []) {
    let contents: Buffer;
    try {
      contents = readFileNow(path.join(folder, String(file)));
    } catch {
      return { damaged: `${String(file)} is missing` };
    }
    if (digest(contents) !== id) return { damaged: `${file} does not match its hash` };
    files.push({ file, id, contents });
  }
  if (files.length === 0) return { damaged: 'bundle.json lists no files' };
  return { assets: saved.assets, files };
}

/** Writes the bundle into `folder`, beside then renamed (two builds at once, or one killed, never leave half a bundle), and removes the others. */
function keep(folder: string, saved: SavedBundle, files: readonly BundleFile[]): void {
  const parent = path.dirname(folder);
  makeFolder(parent);
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
