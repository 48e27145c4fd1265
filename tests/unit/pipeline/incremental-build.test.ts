import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { build } from '../../../generator/pipeline/build.ts';
import { readRecord } from '../../../generator/pipeline/build-record.ts';
import { RACY_MS } from '../../../generator/pipeline/last-output.ts';
import { buildProjects } from '../../helpers/build-project.ts';
import { aMomentAgo } from '../../helpers/clock.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
import { hashTree, listFiles } from '../../helpers/output.ts';

/*
 * Builds that do only what an edit needs, and whose out/ is nevertheless exactly what a
 * build from nothing (--no-cache) writes; a cache that is damaged, foreign or in use is
 * never a reason for a wrong page.
 */

const SOURCE = readFileSync(REAL_CONTENT, 'utf8');
const { project, fromNothing } = buildProjects('site-incremental-');

/** Modification times of every file in out/, to see that a build touched none. */
const mtimes = (outDir: string) => Object.fromEntries(listFiles(outDir).map((file) => [file, statSync(path.join(outDir, file)).mtimeMs]));

describe('a build does only what changed', () => {
  test('nothing changed: up to date, nothing rendered, out/ not touched', async () => {
    const site = project();
    const first = await site.build();
    expect(first.changes.rendered).toHaveLength(first.pages);
    const before = { folder: statSync(site.outDir).ino, files: mtimes(site.outDir) };
    const again = await site.build();
    expect(again.upToDate).toBe(true);
    expect(again.changes).toEqual({ rendered: [], pages: [], written: [], removed: [], prices: [] });
    expect({ folder: statSync(site.outDir).ino, files: mtimes(site.outDir) }).toEqual(before);
  }, 60_000);

  test("one course's title: its page and the list render, their files and its card are written; out/ is what a build from nothing writes", async () => {
    const site = project();
    await site.build();
    site.edit('title: How To Build A Business', 'title: How To Start A Business');
    const result = await site.build();
    expect(result.changes.rendered).toEqual(['/courses/list', '/course/3']);
    expect(result.changes.pages).toEqual(['/courses/list', '/course/3']);
    expect(result.changes.written.sort()).toEqual(['course/3/index.html', 'course/3/index.json', 'courses/list/index.html', 'courses/list/index.json', 'social/course-3.png']);
    expect(result.changes.removed).toEqual([]);
    expect(readFileSync(path.join(site.outDir, 'course/3/index.html'), 'utf8')).toContain('How To Start A Business');
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
  }, 60_000);

  test("a course removed: its page, data and card are removed from out/", async () => {
    const site = project();
    await site.build();
    const text = readFileSync(site.contentFile, 'utf8');
    const start = text.indexOf('  - id: 10\n', text.indexOf('\ncourses:'));
    site.edit(text.slice(start, text.indexOf('\nbooks:')), '\n');
    const result = await site.build();
    expect(result.changes.removed.sort()).toEqual(['course/10/index.html', 'course/10/index.json', 'social/course-10.png']);
    expect(existsSync(path.join(site.outDir, 'course', '10'))).toBe(false);
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
  }, 60_000);

  test('a price edited: the pages that show it, and every price that changed with the content.yaml line that sets it', async () => {
    const site = project();
    await site.build();
    const at = SOURCE.indexOf('price: 16.99', SOURCE.indexOf('\nbooks:'));
    const line = SOURCE.slice(0, at).split('\n').length;
    writeFileSync(site.contentFile, `${SOURCE.slice(0, at)}price: 17.99${SOURCE.slice(at + 'price: 16.99'.length)}`);
    const result = await site.build();
    expect(result.changes.pages).toEqual(['/ebooks', '/bundles']);
    expect(result.changes.prices[0]).toEqual({ label: 'Millionaire at 15', from: '$16.99', to: '$17.99', where: `${path.relative(process.cwd(), site.contentFile)}:${line}` });
    expect(result.changes.prices.map((price) => price.label)).toEqual([
      'Millionaire at 15',
      'Foundation Bundle (original price)',
      'Foundation Bundle (savings)',
      'Complete Bundle (original price)',
      'Complete Bundle (savings)',
    ]);
  }, 60_000);

  test('new login credentials: every page is rendered and checked for them; only the login page changes', async () => {
    const site = project();
    const env = { SITE_LOGIN_USERNAME: 'first-user', SITE_LOGIN_PASSWORD: 'first password 1' };
    await site.build({ env });
    expect((await site.build({ env })).upToDate).toBe(true);
    const next = { SITE_LOGIN_USERNAME: 'first-user', SITE_LOGIN_PASSWORD: 'second password 2' };
    const result = await site.build({ env: next });
    expect(result.changes.rendered).toHaveLength(result.pages);
    expect(result.changes.pages).toEqual(['/login']);
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile, next));
    // The cache knows the pair by the gate the login page publishes, never in the clear.
    for (const file of listFiles(site.cacheDir).filter((file) => file.endsWith('.json'))) {
      const text = readFileSync(path.join(site.cacheDir, file), 'utf8');
      for (const secret of ['first-user', 'second password 2', 'first password 1']) expect(text).not.toContain(secret);
    }
    expect(readRecord(site.cacheDir)!.manifest.login.hash).toBe(JSON.parse(readFileSync(path.join(site.outDir, 'login/index.json'), 'utf8')).page.gate.hash);
  }, 60_000);
});

describe('out/ and the cache, whatever happened to them', () => {
  test('a page edited by hand in out/, or out/ deleted: the next build puts it back, from the cache where it can', async () => {
    const site = project();
    await site.build();
    const built = hashTree(site.outDir);
    writeFileSync(path.join(site.outDir, 'faq', 'index.html'), 'defaced');
    const repaired = await site.build();
    expect(repaired.upToDate).toBe(false);
    // The cache's copy may be a hard link that was edited with it: then the page renders again.
    expect(repaired.changes.rendered.filter((page) => page !== '/faq')).toEqual([]);
    expect(repaired.changes.written).toEqual(['faq/index.html']);
    expect(hashTree(site.outDir)).toEqual(built);
    rmSync(site.outDir, { recursive: true });
    const restored = await site.build();
    expect(restored.changes.rendered).toEqual([]);
    expect(hashTree(site.outDir)).toEqual(built);
  }, 60_000);

  test('an edit while out/ was also changed by hand, long after the last build: both are mended, nothing else is written', async () => {
    const site = project();
    await site.build();
    // The last build ended a moment ago, after writing out/ (its files are trusted by their
    // time); these two are changed after it.
    const manifestFile = path.join(site.cacheDir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, out: { ...manifest.out, at: (await aMomentAgo()) + RACY_MS } }));
    writeFileSync(path.join(site.outDir, 'faq', 'index.html'), 'defaced');
    rmSync(path.join(site.outDir, 'about', 'index.json'));
    site.edit('title: How To Build A Business', 'title: How To Start A Business');
    const result = await site.build();
    expect(result.changes.rendered).toEqual(['/courses/list', '/course/3']);
    expect(result.changes.written.sort()).toEqual(['about/index.json', 'course/3/index.html', 'course/3/index.json', 'courses/list/index.html', 'courses/list/index.json', 'faq/index.html', 'social/course-3.png']);
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
  }, 60_000);

  test('a cache copied elsewhere (a CI cache restored on another machine, without out/) serves every page', async () => {
    const site = project();
    await site.build();
    const other = project();
    cpSync(site.cacheDir, other.cacheDir, { recursive: true });
    const result = await other.build();
    expect(result.changes.rendered).toEqual([]);
    expect(hashTree(other.outDir)).toEqual(hashTree(site.outDir));
  }, 60_000);

  test.each([
    ['not JSON', () => 'not json {', /cannot be read/],
    ['not a build cache', () => JSON.stringify({ kind: 'something-else' }), /is not a site build cache/],
    ['from another version', (text: string) => JSON.stringify({ ...JSON.parse(text), format: 999 }), /is from another version of site/],
    ['damaged', (text: string) => JSON.stringify({ ...JSON.parse(text), pages: 'oops' }), /is damaged/],
  ])('a cache whose record is %s is ignored with a warning: every page renders, as from nothing', async (_, damage, warning) => {
    const site = project();
    const first = await site.build();
    const manifest = path.join(site.cacheDir, 'manifest.json');
    writeFileSync(manifest, damage(readFileSync(manifest, 'utf8')));
    const result = await site.build();
    expect(site.warnings.filter((message) => message.includes('build cache'))).toEqual([expect.stringMatching(warning)]);
    expect(result.changes.rendered).toHaveLength(first.pages);
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
    expect((await site.build()).upToDate).toBe(true);
  }, 60_000);

  test('a stored file whose bytes are damaged is never used: its page renders again', async () => {
    const site = project();
    await site.build();
    const built = hashTree(site.outDir);
    rmSync(site.outDir, { recursive: true });
    const manifest = JSON.parse(readFileSync(path.join(site.cacheDir, 'manifest.json'), 'utf8'));
    // The FAQ page's bytes in the store's pack, overwritten with as many others.
    const faq = manifest.store.ids.indexOf(manifest.files.ids[manifest.files.paths.indexOf('faq/index.html')]);
    const [pack, offset, length] = manifest.store.places.slice(3 * faq, 3 * faq + 3);
    const packFile = path.join(site.cacheDir, 'store', manifest.store.packs[pack]);
    const bytes = readFileSync(packFile);
    bytes.fill('x', offset, offset + length);
    writeFileSync(packFile, bytes);
    const result = await site.build();
    expect(result.changes.rendered).toEqual(['/faq']);
    expect(hashTree(site.outDir)).toEqual(built);
  }, 60_000);

  test('--no-cache renders every page without reading the record, and leaves one the next build uses', async () => {
    const site = project();
    await site.build();
    const built = hashTree(site.outDir);
    const fresh = await site.build({ noCache: true });
    expect(fresh.changes.rendered).toHaveLength(fresh.pages);
    // Every page rendered again is checked against out/ file by file: the same bytes are not written again.
    expect(fresh.changes.written).toEqual([]);
    expect(hashTree(site.outDir)).toEqual(built);
    expect((await site.build()).upToDate).toBe(true);
  }, 60_000);

  test('--no-cache after out/ was edited by hand writes what the edit changed, and only that', async () => {
    const site = project();
    await site.build();
    const built = hashTree(site.outDir);
    writeFileSync(path.join(site.outDir, 'faq', 'index.html'), 'defaced');
    const fresh = await site.build({ noCache: true });
    expect(fresh.changes.written).toEqual(['faq/index.html']);
    expect(hashTree(site.outDir)).toEqual(built);
  }, 60_000);

  test('two builds at once on one cache: the second waits for the first, and both out/ folders are complete', async () => {
    const site = project();
    const other = { ...project(), cacheDir: site.cacheDir };
    const [one, two] = await Promise.all([site.build(), build({ ...other, onWarning: (message) => other.warnings.push(message) })]);
    expect(one.pages).toBe(two.pages);
    expect([...site.warnings, ...other.warnings].filter((message) => message.startsWith('waiting for another build'))).toHaveLength(1);
    expect(hashTree(other.outDir)).toEqual(hashTree(site.outDir));
    expect(readdirSync(site.cacheDir)).not.toContain('lock');
  }, 60_000);
});
