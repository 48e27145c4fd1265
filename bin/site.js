#!/usr/bin/env node
// The `site` launcher: compiles the TypeScript CLI once with esbuild into
// node_modules/.cache (recompiling only when a source file changed), then runs it.
// All behaviour lives in generator/cli.ts.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
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
  return hash.digest('hex').slice(0, 16);
}

async function compiledCli() {
  const cacheDir = path.join(root, 'node_modules', '.cache', 'site-cli');
  const target = path.join(cacheDir, `cli-${sourceFingerprint()}.mjs`);
  if (existsSync(target)) return target;
  const esbuild = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['generator/cli.ts'],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'inline',
    logLevel: 'error',
  });
  renameSync(temporary, target);
  for (const old of readdirSync(cacheDir)) if (old.startsWith('cli-') && path.join(cacheDir, old) !== target) try { (await import('node:fs')).rmSync(path.join(cacheDir, old), { force: true }); } catch {}
  return target;
}

const cli = await import(pathToFileURL(await compiledCli()).href);
await cli.main(process.argv, manifest.version);
