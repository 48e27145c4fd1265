import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { contentCopy, runSite } from '../../helpers/cli.ts';

/*
 * What a build loads is part of what it costs: a build that compiles nothing need not
 * load the compiler, and the server renders pages without the browser's animation
 * library (the page transition is the browser's). Each build here runs with a hook that
 * notes every package whose files the process loads.
 */
const HOOK = `
import module from 'node:module';
import { writeFileSync } from 'node:fs';
const loaded = new Set();
module.registerHooks({
  load(url, context, next) {
    const found = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url);
    if (found) loaded.add(found[1]);
    return next(url, context);
  },
});
process.on('exit', () => writeFileSync(process.env.LOADED_PACKAGES_FILE, [...loaded].join('\\n')));
`;

test('a build loads esbuild only when site/ needs compiling, and never loads GSAP', async () => {
  const { dir, file, source } = contentCopy();
  const hook = path.join(dir, 'loaded-packages-hook.mjs');
  const list = path.join(dir, 'loaded-packages.txt');
  writeFileSync(hook, HOOK);
  const build = async () => {
    const result = await runSite(['build', '--content', file, '--out', path.join(dir, 'out'), '--cache-dir', path.join(dir, 'cache')], {
      env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(hook).href}`, LOADED_PACKAGES_FILE: list },
    });
    expect(result.code, result.stderr).toBe(0);
    return { output: result.stdout + result.stderr, loaded: readFileSync(list, 'utf8').split('\n') };
  };

  // A new cache: the client bundle is made, with esbuild.
  const first = await build();
  expect(first.loaded).toContain('esbuild');
  expect(first.loaded).not.toContain('gsap');

  // One price edited: pages render (React), but nothing in site/ changed.
  writeFileSync(file, source.replace(/price: 16\.99/, 'price: 17.99'));
  const edited = await build();
  expect(edited.output).toMatch(/[1-9]\d* rendered/);
  expect(edited.loaded).toContain('react-dom');
  expect(edited.loaded).not.toContain('esbuild');
  expect(edited.loaded).not.toContain('gsap');
  // Two whole builds, one with esbuild: about 2.5 s on 2 idle cores, so room for a busy one.
}, 60_000);
