import { clientVersion } from '../cache/code-version.ts';
import { keptCompilation, type KeptFile } from '../cache/kept-files.ts';
import { bundleClient, clientBuildOptions, stopEsbuild, type ClientAssets } from './bundle.ts';

/** A file of the client bundle: where it goes under out/, its identity and its bytes. */
export type BundleFile = KeptFile;

/** The client bundle as a build uses it: what pages reference, and its files. */
export interface ClientBundle {
  assets: ClientAssets;
  files: BundleFile[];
  /** Whether it was bundled now (false: taken from the cache). */
  bundled: boolean;
}

/**
 * The client bundle of this version of site/ and its packages, kept in the cache folder
 * `dir` (client/<version>/). The bundle is code only, so a version bundled before is taken
 * as it is, each file checked against the identity it was kept under (any file damaged,
 * and it is bundled again); with `fresh` (--no-cache), or none kept, it is bundled, and
 * kept. One version is kept: the bundles of older code go.
 */
export async function clientBundle(dir: string, options: { fresh?: boolean; onWarning?: (message: string) => void } = {}): Promise<ClientBundle> {
  const bundle = await keptCompilation<ClientAssets>({
    dir,
    sources: 'site/',
    versionOf: () => clientVersion(clientBuildOptions()),
    compile: async () => {
      const { assets, files } = await bundleClient();
      await stopEsbuild();
      return { files: files.map(({ file, contents }) => ({ file, contents: typeof contents === 'string' ? Buffer.from(contents) : contents })), about: assets };
    },
    fresh: options.fresh,
    onDamaged: (why) => options.onWarning?.(`the client bundle in the build cache is damaged (${why}): bundled again`),
  });
  return { assets: bundle.about, files: bundle.files, bundled: bundle.compiled };
}
