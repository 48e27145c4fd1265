import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { digest } from '../../../generator/cache/digest.ts';
import { CACHE_ROOT } from '../../../generator/paths.ts';
import { importSiteServer, siteServerEntry } from '../../../generator/render/site-server.ts';

/*
 * What renders the pages is site/ compiled for the server, kept between builds
 * (generator/render/site-server.ts). A kept compilation is used only when every file
 * matches the hash it was kept under: one changed by hand or by a tool never renders a
 * page, --no-cache builds included.
 */

// A folder of this file's own, inside node_modules like the real one, so that the packages
// the compilation imports resolve; the builds of other test files keep using theirs.
const dir = path.join(CACHE_ROOT, `test-server-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file of the compilation's folder and its hash. */
function filesOf(folder: string): Record<string, string> {
  return Object.fromEntries(readdirSync(folder).map((name) => [name, digest(readFileSync(path.join(folder, name)))]));
}

test('site/ is compiled once and kept, then taken as it was, each file as its list says', async () => {
  const entry = await siteServerEntry({ dir });
  const folder = path.dirname(entry);
  const listed = JSON.parse(readFileSync(path.join(folder, 'files.json'), 'utf8')) as { files: { file: string; id: string }[] };
  expect(listed.files.map((file) => file.file)).toContain('entry-server.mjs');
  for (const { file, id } of listed.files) expect(digest(readFileSync(path.join(folder, file))), file).toBe(id);
  expect(typeof (await importSiteServer(entry)).renderRoute).toBe('function');

  const compiledAt = statSync(entry).mtimeMs;
  const warnings: string[] = [];
  expect(await siteServerEntry({ dir, onWarning: (message) => warnings.push(message) })).toBe(entry);
  expect(statSync(entry).mtimeMs).toBe(compiledAt);
  expect(warnings).toEqual([]);
}, 60_000);

test('a kept compilation with a file changed, missing or unlisted is compiled again, and the build is told what was wrong', async () => {
  const entry = await siteServerEntry({ dir });
  const folder = path.dirname(entry);
  const good = filesOf(folder);
  const chunk = Object.keys(good).find((name) => name.startsWith('chunk-'))!;
  const damages: [string, () => void, RegExp][] = [
    ['a text of the markup changed', () => writeFileSync(entry, readFileSync(entry, 'utf8').replace('className: "', 'className: "damaged ')), /\(entry-server\.mjs does not match its hash\): compiled again$/],
    ['a chunk gone', () => rmSync(path.join(folder, chunk)), new RegExp(`\\(${chunk.replace('.', '\\.')} is missing\\): compiled again$`)],
    ['its list unreadable', () => writeFileSync(path.join(folder, 'files.json'), '{ "files": [ '), /\(files\.json cannot be read\): compiled again$/],
    ['its list naming a file outside it', () => writeFileSync(path.join(folder, 'files.json'), JSON.stringify({ files: [{ file: '../../../package.json', id: 'x' }] })), /\(files\.json lists \.\.\/\.\.\/\.\.\/package\.json\): compiled again$/],
    [
      'its list without the entry file',
      () => {
        const list = JSON.parse(readFileSync(path.join(folder, 'files.json'), 'utf8')) as { files: { file: string }[] };
        writeFileSync(path.join(folder, 'files.json'), JSON.stringify({ ...list, files: list.files.filter((listed) => listed.file !== 'entry-server.mjs') }));
      },
      /\(entry-server\.mjs is not listed\): compiled again$/,
    ],
    ['the folder a file', () => (rmSync(folder, { recursive: true }), writeFileSync(folder, 'not a folder')), /\(files\.json cannot be read\): compiled again$/],
  ];
  for (const [damage, doIt, said] of damages) {
    doIt();
    const warnings: string[] = [];
    expect(await siteServerEntry({ dir, onWarning: (message) => warnings.push(message) }), damage).toBe(entry);
    expect(warnings, damage).toEqual([expect.stringMatching(said)]);
    expect(filesOf(folder), damage).toEqual(good);
  }
}, 120_000);
