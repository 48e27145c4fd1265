import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildCache } from './build-cache.ts';
import { digest } from './digest.ts';
import { bundleClient, clientBuildOptions, stopEsbuild, type ClientAssets } from './bundle-client.ts';
import { clientVersion } from './code-version.ts';

/** A file of the client bundle: where it goes under out/, its identity, and where its bytes are. */
export interface BundleFile {
  file: string;
  id: string;
  source: string;
}

/** The client bundle as the build uses it: what pages reference, and its files. */
export interface ClientBundle {
  assets: ClientAssets;
  files: BundleFile[];
  /** Whether it was bundled now (false: taken from the cache). */
  bundled: boolean;
}

/**
 * The client bundle of this version of site/ and its packages. The bundle is code only,
 * so an unchanged version is taken from the cache as it is (its files and the sizes measured
 * when it was made); else (or when `fresh`: --no-cache) it is bundled, and kept for the next build.
 */
export async function clientBundle(cache: BuildCache, options: { fresh?: boolean } = {}): Promise<ClientBundle> {
  const dir = cache.clientDir(clientVersion(clientBuildOptions()));
  const record = path.join(dir, 'bundle.json');
  try {
    if (!options.fresh && existsSync(record)) {
      const saved = JSON.parse(readFileSync(record, 'utf8')) as { assets: ClientAssets; files: { file: string; id: string }[] };
      const files = saved.files.map((file) => ({ ...file, source: path.join(dir, file.file) }));
      if (files.every((file) => existsSync(file.source))) return { assets: saved.assets, files, bundled: false };
    }
  } catch {
    // An unreadable record: bundled afresh below.
  }
  const { assets, files } = await bundleClient();
  await stopEsbuild();
  // Written beside, then renamed: two builds at once, or one killed, never leave half a bundle.
  const temporary = `${dir}.${process.pid}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  const saved = files.map((file) => {
    const target = path.join(temporary, file.file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
    return { file: file.file, id: digest(file.contents) };
  });
  writeFileSync(path.join(temporary, 'bundle.json'), JSON.stringify({ assets, files: saved }));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  renameSync(temporary, dir);
  // One version is kept: the bundles of older code go.
  for (const other of readdirSync(path.dirname(dir))) if (path.join(path.dirname(dir), other) !== dir && !other.endsWith('.tmp')) rmSync(path.join(path.dirname(dir), other), { recursive: true, force: true });
  return { assets, files: saved.map((file) => ({ ...file, source: path.join(dir, file.file) })), bundled: true };
}
