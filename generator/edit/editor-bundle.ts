import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { codeVersion } from '../cache/code-version.ts';
import { digest } from '../cache/digest.ts';
import { keptCompilation } from '../cache/kept-files.ts';
import { BuildProblemError } from '../problems/errors.ts';
import { esbuildMessages } from '../problems/esbuild-messages.ts';
import { fileSystemProblem } from '../problems/file-system-problem.ts';

/*
 * The editor's page code (ui/main.tsx and what it imports, React included) and its
 * stylesheet. Bundling takes esbuild most of a second, so the bundle of this version of
 * the code is kept in the cache folder and served from there on the next start.
 */

const UI = path.join(import.meta.dirname, 'ui');

const BUILD_OPTIONS = {
  entryPoints: [path.join(UI, 'main.tsx')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'silent',
} satisfies esbuild.BuildOptions;

/**
 * The editor's script and stylesheet. The script is taken from `cacheDir` when this
 * version of the code (cache/code-version.ts) was bundled before and the copy
 * kept is intact (cache/kept-files.ts); otherwise it is bundled, and kept (only the
 * newest version is).
 */
export async function bundleEditor(cacheDir: string, onWarning?: (message: string) => void): Promise<{ js: string; css: string }> {
  const [js, css] = await Promise.all([keptOrBundled(cacheDir, onWarning), readFile(path.join(UI, 'editor.css'), 'utf8')]);
  return { js, css };
}

/** The kept script's name in its version's folder. */
const SCRIPT = 'editor.js';

async function keptOrBundled(cacheDir: string, onWarning?: (message: string) => void): Promise<string> {
  try {
    const bundle = await keptCompilation({
      dir: cacheDir,
      sources: "the project's code",
      versionOf: () => digest(`${codeVersion()}\0${JSON.stringify(BUILD_OPTIONS)}`).slice(0, 22),
      compile: async () => ({ files: [{ file: SCRIPT, contents: Buffer.from(await bundleScript()) }], about: null }),
      needs: [SCRIPT],
      onDamaged: (why) => onWarning?.(`the editor's script in the build cache is damaged (${why}): bundled again`),
    });
    return Buffer.from(bundle.files.find((file) => file.file === SCRIPT)!.contents).toString('utf8');
  } catch (error) {
    // A cache that cannot be written (read-only, full) only costs each start its bundling.
    if (!fileSystemProblem(error)) throw error;
    return bundleScript();
  }
}

async function bundleScript(): Promise<string> {
  // Loaded here, not with this module: only a start without a kept bundle needs esbuild.
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build(BUILD_OPTIONS);
    return result.outputFiles[0]?.text ?? '';
  } catch (error) {
    throw new BuildProblemError(`bundling the editor failed: ${esbuildMessages(error)}`, {
      hint: 'This is a problem in generator/edit/ui/, not in content.yaml. Run with DEBUG=1 for details.',
      cause: error,
    });
  }
}
