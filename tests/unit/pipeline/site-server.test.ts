import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../../helpers/cli.ts';

// What the build's renderer loads, seen from a process of its own: every package it
// resolves. The page transition (and GSAP with it) is the browser's: a build that
// renders pages never loads it.
const script = `
import module from 'node:module';
const packages = new Set();
module.registerHooks({
  resolve(specifier, context, next) {
    if (!specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.includes(':')) packages.add(specifier.split('/')[0]);
    return next(specifier, context);
  },
});
const { loadSiteServer } = await import(${JSON.stringify(path.join(ROOT, 'generator', 'pipeline', 'site-server.ts'))});
const server = await loadSiteServer();
console.log(JSON.stringify({ packages: [...packages], renders: typeof server.renderRoute === 'function' }));
`;

test('loading the server side of site/ to render pages never loads GSAP, which only the browser runs', () => {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  expect(child.status, child.stderr).toBe(0);
  const { packages, renders } = JSON.parse(child.stdout) as { packages: string[]; renders: boolean };
  expect(renders).toBe(true);
  expect(packages).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router-dom']));
  expect(packages).not.toContain('gsap');
});
