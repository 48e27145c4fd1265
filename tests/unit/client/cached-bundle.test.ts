import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { clientBundle, type ClientBundle } from '../../../generator/client/cached-bundle.ts';
import { digest } from '../../../generator/cache/digest.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * The client bundle is code only, so the cache keeps one per version of site/ and its
 * packages (generator/client/cached-bundle.ts). A build takes it from there only when
 * every file still matches the hash it was kept under; anything else bundles again.
 */

/** The one version folder the cache keeps under `dir`. */
function versionFolder(dir: string): string {
  const versions = readdirSync(dir);
  expect(versions).toHaveLength(1);
  return path.join(dir, versions[0]!);
}

/** What a bundle ships, by file: its identity, checked against its bytes. */
function shipped(bundle: ClientBundle): Record<string, string> {
  return Object.fromEntries(bundle.files.map((file) => [file.file, digest(file.contents) === file.id ? file.id : 'mismatch']));
}

test('a bundle is kept once, then taken from the cache as it was, without bundling', async () => {
  const dir = tempDir('site-client-');
  const first = await clientBundle(dir);
  expect(first.bundled).toBe(true);
  const kept = versionFolder(dir);
  for (const file of first.files) expect(readFileSync(path.join(kept, file.file))).toEqual(Buffer.from(file.contents));

  const again = await clientBundle(dir);
  expect(again.bundled).toBe(false);
  expect(shipped(again)).toEqual(shipped(first));
  expect(again.assets).toEqual(first.assets);
}, 60_000);

test('a kept bundle with a file changed, missing or unlisted is bundled again, and the build is told what was wrong', async () => {
  const dir = tempDir('site-client-');
  const good = shipped(await clientBundle(dir));
  const kept = versionFolder(dir);
  const entry = Object.keys(good).find((file) => /^assets\/main-.*\.js$/.test(file))!;
  const damages: [string, () => void, RegExp][] = [
    ['a byte changed', () => {
      const bytes = readFileSync(path.join(kept, entry));
      bytes[10] = bytes[10]! ^ 1;
      writeFileSync(path.join(kept, entry), bytes);
    }, new RegExp(`^the client bundle in the build cache is damaged \\(${entry.replace(/[.]/g, '\\.')} does not match its hash\\): bundled again$`)],
    ['a file gone', () => rmSync(path.join(kept, entry)), /\(assets\/main-.*\.js is missing\): bundled again$/],
    ['its list unreadable', () => writeFileSync(path.join(kept, 'files.json'), '{ "files": [ '), /\(files\.json cannot be read\): bundled again$/],
    ['its list empty', () => writeFileSync(path.join(kept, 'files.json'), '{ "files": [] }'), /\(files\.json lists no files\): bundled again$/],
  ];
  for (const [damage, doIt, said] of damages) {
    doIt();
    const warnings: string[] = [];
    const bundle = await clientBundle(dir, { onWarning: (message) => warnings.push(message) });
    expect(bundle.bundled, damage).toBe(true);
    expect(shipped(bundle), damage).toEqual(good);
    expect(warnings, damage).toEqual([expect.stringMatching(said)]);
    // Kept whole again: the next build takes it.
    expect((await clientBundle(dir)).bundled, damage).toBe(false);
  }
}, 120_000);

test('a file where the cache keeps its bundles (client/ damaged): bundled, said, and kept whole for the next build', async () => {
  const dir = path.join(tempDir('site-client-'), 'client');
  writeFileSync(dir, 'not a folder');
  const warnings: string[] = [];
  const bundle = await clientBundle(dir, { onWarning: (message) => warnings.push(message) });
  expect(bundle.bundled).toBe(true);
  expect(warnings).toEqual([expect.stringMatching(/\(files\.json cannot be read\): bundled again$/)]);
  const next = await clientBundle(dir);
  expect(next.bundled).toBe(false);
  expect(shipped(next)).toEqual(shipped(bundle));
}, 60_000);

test('--no-cache bundles afresh beside a good bundle, and one version is kept: another goes', async () => {
  const dir = tempDir('site-client-');
  const good = shipped(await clientBundle(dir));
  const older = path.join(dir, 'an-older-version');
  mkdirSync(path.join(older, 'assets'), { recursive: true });
  writeFileSync(path.join(older, 'assets', 'main-OLD.js'), 'old');
  const warnings: string[] = [];
  const fresh = await clientBundle(dir, { fresh: true, onWarning: (message) => warnings.push(message) });
  expect(fresh.bundled).toBe(true);
  expect(shipped(fresh)).toEqual(good);
  expect(warnings).toEqual([]);
  expect(existsSync(older)).toBe(false);
  versionFolder(dir);
}, 60_000);
