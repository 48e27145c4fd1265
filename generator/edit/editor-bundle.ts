import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { BuildProblemError } from '../problems/errors.ts';

/* The editor's page code (ui/main.tsx and what it imports, React included) and its stylesheet, made in memory when the editor starts. */

const UI = path.join(import.meta.dirname, 'ui');

/**
 * Bundles the editor's page with esbuild, minified for the browser, and reads its CSS.
 * esbuild is loaded here, not with this module: only `site edit` needs it.
 */
export async function bundleEditor(): Promise<{ js: string; css: string }> {
  const [js, css] = await Promise.all([bundleScript(), readFile(path.join(UI, 'editor.css'), 'utf8')]);
  return { js, css };
}

async function bundleScript(): Promise<string> {
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
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
    });
    return result.outputFiles[0]?.text ?? '';
  } catch (error) {
    const messages = (error as esbuild.BuildFailure).errors?.map((item) => `${item.location?.file ?? ''}:${item.location?.line ?? ''} ${item.text}`);
    throw new BuildProblemError(`bundling the editor failed${messages ? `: ${messages.join('; ')}` : ''}`, {
      hint: 'This is a problem in generator/edit/ui/, not in content.yaml. Run with DEBUG=1 for details.',
      cause: error,
    });
  }
}
