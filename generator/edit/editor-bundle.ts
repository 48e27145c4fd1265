import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { codeVersion } from '../cache/code-version.ts';
import { digest } from '../cache/digest.ts';
import { readFileNow } from '../cache/on-disk.ts';
import { BuildProblemError } from '../problems/errors.ts';

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

/** What the cache keeps of a bundle (editor/<version>.json): the script, and the hash it was kept under. */
interface KeptBundle {
  id: string;
  js: string;
}

/**
 * The editor's script and stylesheet. The script is taken from `cacheDir` when this
 * version of the code (cache/code-version.ts) was bundled before and the copy
 * kept is intact; otherwise it is bundled, and kept (only the newest version is).
 */
export async function bundleEditor(cacheDir: string, onWarning?: (message: string) => void): Promise<{ js: string; css: string }> {
  const [js, css] = await Promise.all([keptOrBundled(cacheDir, onWarning), readFile(path.join(UI, 'editor.css'), 'utf8')]);
  return { js, css };
}

async function keptOrBundled(cacheDir: string, onWarning?: (message: string) => void): Promise<string> {
  const version = digest(`${codeVersion()}\0${JSON.stringify(BUILD_OPTIONS)}`).slice(0, 22);
  const file = path.join(cacheDir, `${version}.json`);
  const kept = readKept(file);
  if (typeof kept === 'string') return kept;
  if (kept) onWarning?.(`the editor's script in the build cache is damaged (${kept.damaged}): bundled again`);
  const js = await bundleScript();
  keep(file, { id: digest(js), js });
  return js;
}

/** The script kept in `file`; null when none is; what is wrong when it cannot be read or does not match its hash. */
function readKept(file: string): string | { damaged: string } | null {
  let kept: KeptBundle;
  try {
    kept = JSON.parse(readFileNow(file, 'utf8')) as KeptBundle;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : { damaged: `${path.basename(file)} cannot be read` };
  }
  if (typeof kept?.js !== 'string' || digest(kept.js) !== kept.id) return { damaged: `${path.basename(file)} does not match its hash` };
  return kept.js;
}

/** Writes the bundle beside then renames it (two editors starting at once never leave half a file), and removes older versions. */
function keep(file: string, kept: KeptBundle): void {
  const dir = path.dirname(file);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, JSON.stringify(kept));
    renameSync(temporary, file);
    for (const other of readdirSync(dir)) if (other !== path.basename(file) && !other.endsWith('.tmp')) rmSync(path.join(dir, other), { recursive: true, force: true });
  } catch {
    // A cache that cannot be written (read-only, full) only costs the next start its bundling.
    rmSync(temporary, { force: true });
  }
}

async function bundleScript(): Promise<string> {
  // Loaded here, not with this module: only a start without a kept bundle needs esbuild.
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build(BUILD_OPTIONS);
    return result.outputFiles[0]?.text ?? '';
  } catch (error) {
    const messages = (error as esbuild.BuildFailure).errors?.map((item) => `${item.location?.file ?? ''}:${item.location?.line ?? ''} ${item.text}`);
    throw new BuildProblemError(`bundling the editor failed${messages ? `: ${messages.join('; ')}` : ''}`, {
      hint: 'This is a problem in generator/edit/ui/, not in content.yaml. Run with DEBUG=1 for details.',
      cause: error,
    });
  }
}
