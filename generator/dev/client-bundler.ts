import path from 'node:path';
import * as esbuild from 'esbuild';
import { digest } from '../cache/digest.ts';
import type { BundleFile } from '../client/cached-bundle.ts';
import { clientBuildOptions, collectAssets, type ClientAssets } from '../client/bundle.ts';

/** A client build of `site dev`: its asset names, its files, and the sources it read (to tell which changes need it again). */
export interface ClientBuild {
  assets: ClientAssets;
  files: BundleFile[];
  inputs: Set<string>;
}

/**
 * The browser bundle in an esbuild incremental context, with the options `site build`
 * uses but no minifying and no brotli sizes, to reload faster. It is code only (a page's
 * data is in its HTML and its index.json), so a content edit never bundles it again.
 */
export async function createClientBundler(options: { root: string }): Promise<{ rebuild: () => Promise<ClientBuild>; dispose: () => Promise<void> }> {
  const context = await esbuild.context({ ...clientBuildOptions(), minify: false, write: false, metafile: true });
  return {
    rebuild: async () => {
      const result = await context.rebuild();
      const { assets, files } = await collectAssets(result, { sizes: false });
      const inputs = new Set(Object.keys(result.metafile.inputs).filter((key) => !key.includes(':')).map((key) => path.resolve(options.root, key)));
      return {
        assets,
        files: files.map(({ file, contents }) => {
          const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
          return { file, id: digest(bytes), contents: bytes };
        }),
        inputs,
      };
    },
    dispose: () => context.dispose(),
  };
}
