import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { build } from '../../../generator/build/build.ts';
import { readRecord, RECORD_FILE } from '../../../generator/cache/build-record.ts';
import { STALE_MS } from '../../../generator/cache/cache-lock.ts';
import { UsageProblemError } from '../../../generator/problems/errors.ts';
import { buildProjects } from '../../helpers/build-project.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
import { hashTree, listFiles } from '../../helpers/output.ts';

/*
 * Builds that do only what an edit needs, and whose out/ is nevertheless exactly what a
 * build from nothing (--no-cache) writes; whatever happened to the cache, to out/ or to
 * the spare beside it, the next build puts the site right or stops with a plain problem.
 */

const SOURCE = readFileSync(REAL_CONTENT, 'utf8');
const { project, fromNothing } = buildProjects('site-incremental-');

/** Modification times of every file in out/, to see that a build touched none. */
const mtimes = (outDir: string) => Object.fromEntries(listFiles(outDir).map((file) => [file, statSync(path.join(outDir, file)).mtimeMs]));
/** The spare beside a project's out/. */
const spareOf = (site: { outDir: string }) => path.join(path.dirname(site.outDir), `.${path.basename(site.outDir)}-spare`);

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

  test('a course removed: its page, data and card are removed from out/', async () => {
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
    expect(result.changes.prices[0]).toEqual({ label: 'Millionaire at 15', from: '$16.99', to: '$17.99', where: `${site.contentFile}:${line}` });
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
    const record = readFileSync(path.join(site.cacheDir, RECORD_FILE), 'utf8');
    for (const secret of ['first-user', 'second password 2', 'first password 1']) expect(record).not.toContain(secret);
    expect(readRecord(site.cacheDir)!.login.hash).toBe(JSON.parse(readFileSync(path.join(site.outDir, 'login/index.json'), 'utf8')).page.gate.hash);
  }, 60_000);

  test('an edit undone renders its pages again but draws no card: the cache keeps what the build before last used', async () => {
    const site = project();
    await site.build();
    const card = path.join(site.outDir, 'social', 'course-3.png');
    const drawn = statSync(card).ino;
    site.edit('title: How To Build A Business', 'title: How To Start A Business');
    await site.build();
    expect(statSync(card).ino).not.toBe(drawn);
    site.edit('title: How To Start A Business', 'title: How To Build A Business');
    const undone = await site.build();
    expect(undone.changes.rendered).toEqual(['/courses/list', '/course/3']);
    // The card in out/ is the file drawn by the first build, linked from the cache again.
    expect(statSync(card).ino).toBe(drawn);
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
  }, 60_000);
});

describe('out/ and what lies beside it, whatever happened to them', () => {
  test('a page edited by hand in out/: the next build puts it back, rendering that page at most', async () => {
    const site = project();
    await site.build();
    const built = hashTree(site.outDir);
    writeFileSync(path.join(site.outDir, 'faq', 'index.html'), 'defaced');
    const repaired = await site.build();
    expect(repaired.upToDate).toBe(false);
    // The cache's copy of the page is a link to out/'s file (cache/file-store.ts): edited in place, it is damaged too, and found so.
    expect(repaired.changes.rendered).toEqual(['/faq']);
    expect(hashTree(site.outDir)).toEqual(built);
    // The page rendered again replaced the damaged copy in the cache: a CI job that restores
    // only the cache gets every page from it.
    rmSync(site.outDir, { recursive: true });
    rmSync(spareOf(site), { recursive: true, force: true });
    const restored = await site.build();
    expect(restored.changes.rendered).toEqual([]);
    expect(hashTree(site.outDir)).toEqual(built);
  }, 60_000);

  test('files added by hand in out/ (in assets/, in a folder of their own, what Finder leaves at its top) go with the next build, --no-cache too', async () => {
    const site = project();
    await site.build();
    const built = hashTree(site.outDir);
    for (const noCache of [false, true]) {
      writeFileSync(path.join(site.outDir, '.DS_Store'), 'Finder');
      writeFileSync(path.join(site.outDir, 'assets', 'stray.js'), 'alert(1)');
      mkdirSync(path.join(site.outDir, 'course', '999'), { recursive: true });
      writeFileSync(path.join(site.outDir, 'course', '999', 'index.html'), '<h1>stray</h1>');
      await site.build({ noCache });
      expect(hashTree(site.outDir), `noCache: ${noCache}`).toEqual(built);
    }
  }, 60_000);

  test('out/ is served whatever the umask: files 0644, folders 0755, and a mode changed by hand in out/ or the spare is put right, by --no-cache too', async () => {
    const site = project();
    /** Files and folders of out/ whose mode is not the one out/ is served with. */
    const misfits = () => {
      const found: string[] = [];
      const visit = (dir: string) => {
        if ((statSync(dir).mode & 0o777) !== 0o755) found.push(dir);
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) visit(full);
          else if ((statSync(full).mode & 0o777) !== 0o644) found.push(full);
        }
      };
      visit(site.outDir);
      return found;
    };
    // A build under a CI runner's umask.
    const umask = process.umask(0o077);
    try {
      await site.build();
    } finally {
      process.umask(umask);
    }
    expect(misfits()).toEqual([]);
    const built = hashTree(site.outDir);
    site.edit('question: What is Young Hustlers Network?', 'question: What is the Young Hustlers Network?');
    await site.build();
    for (const noCache of [false, true]) {
      for (const where of [site.outDir, spareOf(site)]) {
        chmodSync(path.join(where, 'index.html'), 0o600);
        chmodSync(path.join(where, 'faq'), 0o700);
        chmodSync(path.join(where, 'course', '1', 'index.html'), 0o444);
      }
      site.edit('question: What is the Young Hustlers Network?', 'question: What is Young Hustlers Network?');
      await site.build({ noCache });
      expect(misfits(), `noCache: ${noCache}`).toEqual([]);
      expect(hashTree(site.outDir)).toEqual(built);
      site.edit('question: What is Young Hustlers Network?', 'question: What is the Young Hustlers Network?');
      await site.build({ noCache });
      expect(misfits(), `noCache: ${noCache}`).toEqual([]);
    }
  }, 60_000);

  test('a folder of out/ replaced by a file, and a file by a folder: put right', async () => {
    const site = project();
    await site.build();
    const built = hashTree(site.outDir);
    rmSync(path.join(site.outDir, 'about'), { recursive: true });
    writeFileSync(path.join(site.outDir, 'about'), 'not a folder');
    rmSync(path.join(site.outDir, 'favicon.svg'));
    mkdirSync(path.join(site.outDir, 'favicon.svg'));
    await site.build();
    expect(hashTree(site.outDir)).toEqual(built);
  }, 60_000);

  test('out/ deleted: put back from the cache, nothing rendered', async () => {
    const site = project();
    await site.build();
    const built = hashTree(site.outDir);
    rmSync(site.outDir, { recursive: true });
    const restored = await site.build();
    expect(restored.changes.rendered).toEqual([]);
    expect(hashTree(site.outDir)).toEqual(built);
  }, 60_000);

  test('a folder of out/ put back from an older backup, or out/ swapped with its spare: the next build puts it right', async () => {
    const site = project();
    await site.build();
    const backup = path.join(site.root, 'backup-faq');
    cpSync(path.join(site.outDir, 'faq'), backup, { recursive: true, preserveTimestamps: true });
    site.edit('question: What is Young Hustlers Network?', 'question: What is the Young Hustlers Network?');
    await site.build();
    const built = hashTree(site.outDir);
    rmSync(path.join(site.outDir, 'faq'), { recursive: true });
    cpSync(backup, path.join(site.outDir, 'faq'), { recursive: true, preserveTimestamps: true });
    await site.build();
    expect(hashTree(site.outDir)).toEqual(built);
    const aside = path.join(site.root, 'aside');
    renameSync(site.outDir, aside);
    renameSync(spareOf(site), site.outDir);
    renameSync(aside, spareOf(site));
    await site.build();
    expect(hashTree(site.outDir)).toEqual(built);
  }, 60_000);

  test('a file of the spare damaged, or the spare emptied: never shipped, by a build or by --no-cache', async () => {
    const site = project();
    await site.build();
    site.edit('title: About Us', 'title: About Us Now');
    await site.build();
    const spare = spareOf(site);
    for (const noCache of [false, true]) {
      site.edit(noCache ? 'title: About Us Now' : 'title: About Us Now', noCache ? 'title: About Us' : 'title: About Us Now');
      writeFileSync(path.join(spare, 'faq', 'index.html'), 'damaged in the spare');
      writeFileSync(path.join(spare, 'icons.svg'), 'damaged too');
      await site.build({ noCache });
      expect(hashTree(site.outDir), `noCache: ${noCache}`).toEqual(await fromNothing(site.contentFile));
    }
    site.edit('title: About Us', 'title: About Us Again');
    await site.build();
    for (const entry of readdirSync(spare)) rmSync(path.join(spare, entry), { recursive: true, force: true });
    site.edit('title: About Us Again', 'title: About Us');
    await site.build();
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
  }, 120_000);

  test('a link or a file where the spare goes (a link to a folder, a dangling link): each build succeeds, the link\'s target untouched, and the next keeps a spare again', async () => {
    const site = project();
    await site.build();
    const spare = spareOf(site);
    const elsewhere = path.join(site.root, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'precious.txt'), 'not the build\'s');
    for (const [index, standIn] of [(): void => symlinkSync(elsewhere, spare), (): void => symlinkSync(path.join(site.root, 'nowhere'), spare), (): void => writeFileSync(spare, 'a file')].entries()) {
      rmSync(spare, { recursive: true, force: true });
      standIn();
      site.edit(index % 2 === 0 ? 'title: About Us' : 'title: About Us Now', index % 2 === 0 ? 'title: About Us Now' : 'title: About Us');
      await site.build();
      expect(hashTree(site.outDir), `stand-in ${index}`).toEqual(await fromNothing(site.contentFile));
      expect(lstatSync(spare).isDirectory(), `stand-in ${index}`).toBe(true);
    }
    expect(readdirSync(elsewhere)).toEqual(['precious.txt']);
  }, 120_000);
});

describe('a file where a folder goes', () => {
  test('course/ in the spare, a folder of the cache\'s store/ or images/: each build after it succeeds, out/ as --no-cache writes it', async () => {
    const site = project();
    await site.build();
    site.edit('title: About Us', 'title: About Us Now');
    await site.build();
    const toFile = (folder: string) => {
      rmSync(folder, { recursive: true, force: true });
      writeFileSync(folder, 'a file where a folder was');
    };
    toFile(path.join(spareOf(site), 'course'));
    for (const room of ['store', 'images']) for (const folder of readdirSync(path.join(site.cacheDir, room))) toFile(path.join(site.cacheDir, room, folder));
    // The site's name is on every page and every card: each page is rendered and kept, each card drawn.
    for (const [from, to] of [['name: Young Hustlers Network', 'name: Young Hustlers'], ['name: Young Hustlers', 'name: Young Hustlers Network']] as const) {
      site.edit(from, to);
      await site.build();
      expect(hashTree(site.outDir), to).toEqual(await fromNothing(site.contentFile));
    }
  }, 120_000);
});

describe('the cache, whatever happened to it', () => {
  test('an older cache restored (as actions/cache does with restore keys) before building into a newer out/: the site is right', async () => {
    const site = project();
    await site.build();
    const older = path.join(site.root, 'older-cache');
    cpSync(site.cacheDir, older, { recursive: true });
    site.edit('question: What is Young Hustlers Network?', 'question: What is the Young Hustlers Network?');
    await site.build();
    rmSync(site.cacheDir, { recursive: true });
    cpSync(older, site.cacheDir, { recursive: true });
    await site.build();
    expect(readFileSync(path.join(site.outDir, 'faq', 'index.html'), 'utf8')).toContain('What is the Young Hustlers Network?');
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
    ['not JSON', () => 'not json {', /cannot be read \(record\.json is not JSON\)/],
    ['not a build cache', () => JSON.stringify({ kind: 'something-else' }), /is not a site build cache/],
    ['from another version', (text: string) => JSON.stringify({ ...JSON.parse(text), format: 999 }), /is from another version of site/],
    ['damaged', (text: string) => JSON.stringify({ ...JSON.parse(text), pages: 'oops' }), /is damaged/],
    ['naming a file outside out/', (text: string) => text.replace('"paths":["', '"paths":["../escape","'), /is damaged/],
    ['a folder', () => 'folder', /cannot be read \(record\.json: a folder\)/],
  ] as [string, (text: string) => unknown, RegExp][])('a cache whose record is %s is ignored with a warning: every page renders, as from nothing', async (_, damage, warning) => {
    const site = project();
    const first = await site.build();
    const record = path.join(site.cacheDir, RECORD_FILE);
    const text = readFileSync(record, 'utf8');
    const replacement = damage(text);
    rmSync(record);
    if (replacement === 'folder') mkdirSync(record);
    else writeFileSync(record, replacement as string);
    const result = await site.build();
    expect(site.warnings.filter((message) => message.includes('build cache'))).toEqual([expect.stringMatching(warning)]);
    expect(result.changes.rendered).toHaveLength(first.pages);
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
    expect((await site.build()).upToDate).toBe(true);
  }, 60_000);

  test('a stored page whose bytes are damaged is never used: its page renders again', async () => {
    const site = project();
    await site.build();
    const built = hashTree(site.outDir);
    const record = readRecord(site.cacheDir)!;
    const faq = path.join(site.cacheDir, 'store', record.files.get('faq/index.html')!.slice(0, 2), record.files.get('faq/index.html')!);
    rmSync(faq);
    writeFileSync(faq, 'x'.repeat(1000));
    rmSync(site.outDir, { recursive: true });
    rmSync(spareOf(site), { recursive: true, force: true });
    const result = await site.build();
    expect(result.changes.rendered).toEqual(['/faq']);
    expect(site.warnings).toContainEqual(expect.stringMatching(/^1 file in the build cache did not match the hash it was kept under/));
    expect(hashTree(site.outDir)).toEqual(built);
  }, 60_000);

  test('a byte changed in the cached client bundle, or cached cards cut short: made again, never shipped, by --no-cache too', async () => {
    for (const noCache of [false, true]) {
      const site = project();
      await site.build();
      const built = hashTree(site.outDir);
      const client = path.join(site.cacheDir, 'client');
      const version = readdirSync(client)[0]!;
      const script = readdirSync(path.join(client, version, 'assets')).find((name) => name.startsWith('main-') && name.endsWith('.js'))!;
      const scriptFile = path.join(client, version, 'assets', script);
      const bytes = readFileSync(scriptFile);
      bytes[100] = bytes[100]! ^ 1;
      rmSync(scriptFile);
      writeFileSync(scriptFile, bytes);
      const images = path.join(site.cacheDir, 'images');
      for (const folder of readdirSync(images))
        for (const name of readdirSync(path.join(images, folder))) {
          const file = path.join(images, folder, name);
          const whole = readFileSync(file);
          rmSync(file);
          writeFileSync(file, whole.subarray(0, whole.length >> 1));
        }
      rmSync(site.outDir, { recursive: true });
      rmSync(spareOf(site), { recursive: true, force: true });
      await site.build({ noCache });
      expect(hashTree(site.outDir), `noCache: ${noCache}`).toEqual(built);
      // Said, not only put right; --no-cache never reads the bundle kept.
      if (!noCache) expect(site.warnings).toContainEqual(expect.stringMatching(/^the client bundle in the build cache is damaged \(assets\/main-.*\.js does not match its hash\): bundled again$/));
      expect(site.warnings).toContainEqual(expect.stringMatching(/cards in the build cache's images\/ did not match the hash/));
    }
  }, 120_000);

  test('the cache holds this site and the last one, not every site it ever built', async () => {
    const site = project();
    const names = ['Young Hustlers Network', 'Hustlers One', 'Hustlers Two', 'Hustlers Three'];
    const imagesNow = () => readdirSync(path.join(site.cacheDir, 'images')).flatMap((folder) => readdirSync(path.join(site.cacheDir, 'images', folder)));
    await site.build();
    const oneSite = imagesNow().length;
    for (const [from, to] of names.slice(0, -1).map((name, index) => [name, names[index + 1]!])) {
      site.edit(`name: ${from}`, `name: ${to}`);
      await site.build();
    }
    // Every card shows the site's name: each build draws them all again.
    expect(imagesNow().length).toBeLessThanOrEqual(2 * oneSite);
    const stored = readdirSync(path.join(site.cacheDir, 'store')).flatMap((folder) => readdirSync(path.join(site.cacheDir, 'store', folder)));
    expect(stored.length).toBeLessThanOrEqual(2 * readRecord(site.cacheDir)!.files.size);
  }, 120_000);
});

describe('where the cache is, and its lock', () => {
  test('a cache folder inside out/, equal to it, out/ inside the cache (directly or through a link), or a cache that is a file: refused before any work, out/ as it was', async () => {
    const site = project();
    await site.build();
    const built = hashTree(site.outDir);
    writeFileSync(path.join(site.root, 'a-file'), 'x');
    // The same places reached through symbolic links, and a link to nothing on the way.
    symlinkSync(site.outDir, path.join(site.root, 'link-to-out'));
    symlinkSync(site.cacheDir, path.join(site.root, 'link-to-cache'));
    symlinkSync(path.join(site.root, 'nothing'), path.join(site.root, 'dangling'));
    const cases: [Partial<{ cacheDir: string; outDir: string }>, RegExp][] = [
      [{ cacheDir: path.join(site.outDir, 'cache') }, /is inside the output folder/],
      [{ cacheDir: path.join(site.root, 'link-to-out', 'cache') }, /is inside the output folder/],
      [{ outDir: path.join(site.root, 'link-to-cache', 'out') }, /is inside the build cache/],
      [{ cacheDir: path.join(site.root, 'dangling', 'cache') }, /dangling is a symbolic link to something that does not exist/],
      [{ cacheDir: site.outDir }, /is the output folder/],
      [{ outDir: path.join(site.cacheDir, 'out') }, /is inside the build cache/],
      [{ cacheDir: path.join(site.root, 'a-file') }, /is a file, not a folder/],
    ];
    for (const [folders, message] of cases) {
      const failed = await site.build(folders).catch((error: unknown) => error);
      expect(failed, String(message)).toBeInstanceOf(UsageProblemError);
      expect((failed as Error).message).toMatch(message);
      expect(existsSync(path.join(site.outDir, 'cache'))).toBe(false);
      expect(hashTree(site.outDir)).toEqual(built);
    }
  }, 60_000);

  test('a lock left as a folder, or naming a live process that has not touched it for long: taken over with a warning, never waited on for ever', async () => {
    const site = project();
    await site.build();
    const lock = path.join(site.cacheDir, 'lock');
    mkdirSync(lock);
    await site.build();
    expect(site.warnings.filter((message) => message.startsWith('took over the lock'))).toEqual([expect.stringMatching(/not a lock file a build writes/)]);
    // This very process is running, and is no build: only the lock's age tells it is stale.
    writeFileSync(lock, JSON.stringify({ host: (await import('node:os')).hostname(), pid: process.pid }));
    const old = new Date(Date.now() - STALE_MS - 5000);
    utimesSync(lock, old, old);
    await site.build();
    expect(site.warnings.filter((message) => message.startsWith('took over the lock'))).toHaveLength(2);
    expect(existsSync(lock)).toBe(false);
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
