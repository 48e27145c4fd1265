#!/usr/bin/env node
// The `site` launcher: compiles the TypeScript CLI once with esbuild into
// node_modules/.cache (recompiling only when a source file changed), then runs it.
// All behaviour lives in generator/cli.ts.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

function sourceFingerprint() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name)) {
        const stat = statSync(full);
        hash.update(`${full}\0${stat.size}\0${stat.mtimeMs}\n`);
      }
    }
  };
  walk(path.join(root, 'generator'));
  walk(path.join(root, 'site'));
  hash.update(JSON.stringify(manifest.dependencies ?? {}));
  // The launcher's own build options too.
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

/** Packages compiled into the CLI instead of loaded from node_modules at run time. */
const BUNDLED = new Set(['commander', 'yaml', 'zod']);

async function compiledCli() {
  const cacheDir = path.join(root, 'node_modules', '.cache', 'site-cli');
  // A folder per source fingerprint: the entry plus chunks. Splitting keeps each command's
  // heavy imports (esbuild, React) in chunks loaded only when that command runs, so
  // `site check` starts fast.
  const target = path.join(cacheDir, `cli-${sourceFingerprint()}`);
  const entry = path.join(target, 'cli.mjs');
  if (existsSync(entry)) return entry;
  const esbuild = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { cli: 'generator/cli.ts' },
    outdir: temporary,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Small pure-JS packages that `site check` needs are bundled in: one file loads faster
    // than Node resolving a hundred of them. The rest (esbuild, React…) stay external.
    external: Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
      .filter((name) => !BUNDLED.has(name))
      .flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS (commander, yaml) calls require() for Node's built-ins.
    banner: { js: "import { createRequire as __siteCreateRequire } from 'node:module'; const require = __siteCreateRequire(import.meta.url);" },
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'error',
  });
  try {
    renameSync(temporary, target);
  } catch (error) {
    // Another process compiled the same sources first: use theirs.
    rmSync(temporary, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  // Remove older compilations, but only stale ones: a process started from one a moment
  // ago may still be loading its chunks.
  for (const old of readdirSync(cacheDir)) {
    const full = path.join(cacheDir, old);
    try {
      if (full !== target && Date.now() - statSync(full).mtimeMs > 5 * 60_000) rmSync(full, { recursive: true, force: true });
    } catch {}
  }
  return entry;
}

// React's production build renders several times faster than its development build.
process.env.NODE_ENV ??= 'production';
const cli = await import(pathToFileURL(await compiledCli()).href);
await cli.main(process.argv, manifest.version);
