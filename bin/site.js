#!/usr/bin/env node
// The `site` launcher: compiles the TypeScript CLI once with esbuild into
// node_modules/.cache (recompiling only when a source file changed), then runs it from a
// V8 code cache, so a warm `site check` spends its time checking rather than compiling.
// All behaviour lives in generator/cli.ts.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

function sourceFingerprint() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    // A plain comparison: localeCompare would start ICU's collator, ~15 ms.
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
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
  // The packages compiled in, as installed: an `npm update` within the ranges recompiles.
  for (const name of BUNDLED) {
    try {
      hash.update(`${name}@${JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version}\n`);
    } catch {}
  }
  // The launcher's own build options too.
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

/** Packages compiled into the CLI instead of loaded from node_modules at run time. */
const BUNDLED = new Set(['commander', 'yaml', 'zod']);

/**
 * zod's namespace re-exports every locale (~400 KB of messages in 40 languages); the CLI
 * only ever reports in English, which zod imports on its own. Swapping the locale index for
 * an empty one halves the code `site check` loads.
 */
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: 'zod-locales', namespace: 'site-launcher' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'site-launcher' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

async function compiledCli(fingerprint) {
  const cacheDir = path.join(root, 'node_modules', '.cache', 'site-cli');
  // One CommonJS file per source fingerprint. A script (unlike an ES module) can be run
  // from a V8 code cache on Node 20; each command's heavy imports (esbuild, React…) stay
  // external and are required lazily, only when that command runs.
  const target = path.join(cacheDir, `cli-${fingerprint}`);
  const entry = path.join(target, 'cli.cjs');
  if (existsSync(entry)) return entry;
  const esbuild = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { cli: 'generator/cli.ts' },
    outdir: temporary,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Small pure-JS packages that `site check` needs are bundled in: one file loads faster
    // than Node resolving a hundred of them. The rest (esbuild, React…) stay external.
    external: Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
      .filter((name) => !BUNDLED.has(name))
      .flatMap((name) => [name, `${name}/*`]),
    plugins: [englishOnlyZod],
    define: { 'import.meta.url': '__siteModuleUrl', 'import.meta.dirname': '__dirname' },
    banner: { js: "const __siteModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    jsx: 'automatic',
    minifyWhitespace: true,
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
  // ago may still be loading it.
  for (const old of readdirSync(cacheDir)) {
    const full = path.join(cacheDir, old);
    try {
      if (full !== target && Date.now() - statSync(full).mtimeMs > 5 * 60_000) rmSync(full, { recursive: true, force: true });
    } catch {}
  }
  return entry;
}

/**
 * Runs the compiled CLI as a CommonJS module, from V8's code cache when there is one (what
 * Node 22 does with module.enableCompileCache). The cache is written when the first run
 * exits, so it holds every function that run compiled, not only the top level; V8 rejects
 * it by itself if the source, V8 or its flags changed, and then it is written anew.
 */
function loadCli(file) {
  const cacheFile = `${file}.v8-cache`;
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`, {
    filename: file,
    cachedData,
    // No importModuleDynamically: Node 20 drops it for a script run from a code cache, so
    // the CLI must not use import() (esbuild turns imports of packages into require()).
  });
  if (!cachedData || script.cachedDataRejected) {
    process.once('exit', () => {
      try {
        const temporary = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {}
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

// React's production build renders several times faster than its development build.
process.env.NODE_ENV ??= 'production';
const fingerprint = sourceFingerprint();
const cli = loadCli(await compiledCli(fingerprint));
await cli.main(process.argv, manifest.version, { buildId: fingerprint });
