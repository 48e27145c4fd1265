import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDevSession, type DevSession, type DevUpdate } from '../../../generator/dev/session.ts';
import { planRebuild } from '../../../generator/dev/rebuild-plan.ts';

const root = path.resolve('/project');
const inputs = {
  root,
  contentFile: path.join(root, 'content.yaml'),
  client: new Set([path.join(root, 'site/app.tsx'), path.join(root, 'site/styles/main.css')]),
};
const plan = (...files: string[]) => planRebuild(files.map((file) => path.join(root, file)), inputs);
const NOTHING = { rebuild: false, bundle: false, code: false, restart: false };

describe('planRebuild: only what a change needs', () => {
  test('content.yaml: build again, without bundling', () => {
    expect(plan('content.yaml')).toEqual({ ...NOTHING, rebuild: true });
  });
  test('a template, or a component only the server reads: the code read again and the site built again, without bundling', () => {
    expect(plan('templates/document.html')).toEqual({ ...NOTHING, rebuild: true, code: true });
    expect(plan('site/pages/faq.tsx')).toEqual({ ...NOTHING, rebuild: true, code: true });
  });
  test('a file the client bundle read (a component, a stylesheet): bundle and build again', () => {
    expect(plan('site/app.tsx')).toEqual({ ...NOTHING, rebuild: true, bundle: true, code: true });
    expect(plan('site/styles/main.css')).toEqual({ ...NOTHING, rebuild: true, bundle: true, code: true });
  });
  test("code the generator itself runs (generator/, site/model/): a new process, since a loaded module cannot be loaded again", () => {
    expect(plan('generator/build/make-site.ts')).toEqual({ ...NOTHING, restart: true });
    expect(plan('site/model/routes.ts', 'content.yaml')).toEqual({ rebuild: true, bundle: false, code: false, restart: true });
  });
  test('a file outside what a build reads: nothing', () => {
    expect(plan('README.md')).toEqual(NOTHING);
    expect(plan('docs/cli.md')).toEqual(NOTHING);
  });
  test('an image content.yaml names: build again, like content.yaml itself; another image: nothing', () => {
    const images = new Set([path.join(root, 'media/founder.jpg')]);
    expect(planRebuild([path.join(root, 'media/founder.jpg')], { ...inputs, images })).toEqual({ ...NOTHING, rebuild: true });
    expect(planRebuild([path.join(root, 'media/unused.jpg')], { ...inputs, images })).toEqual(NOTHING);
  });
});

describe('createDevSession: what an update rebuilds', () => {
  const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
  let dir: string;
  let contentFile: string;
  let session: DevSession;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'site-session-'));
    contentFile = path.join(dir, 'content.yaml');
    cpSync(path.join(ROOT, 'content.yaml'), contentFile);
    session = await createDevSession({
      root: ROOT,
      contentFile,
      cwd: dir,
      // A login whose username no page shows, until a test puts it in one.
      env: { SITE_LOGIN_USERNAME: 'Quillon Vantrix', SITE_LOGIN_PASSWORD: 'session-test-password' },
      imagesDir: path.join(dir, 'images'),
    });
  }, 60_000);
  afterAll(async () => {
    await session?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An update that rebuilt (neither nothing nor a restart). */
  const rebuilt = (update: DevUpdate | 'restart' | null): DevUpdate => {
    if (update === null || update === 'restart') throw new Error(`expected a rebuild, got ${update}`);
    return update;
  };
  const stageNames = (update: DevUpdate) => update.stages.map((stage) => stage.name);
  /** A served file's text. */
  const served = (file: string) => {
    const contents = session.snapshot().files?.get(file)?.contents;
    return typeof contents === 'string' ? contents : contents && Buffer.from(contents).toString('utf8');
  };

  test("the first build bundles the client, renders every page and serves each route's data", async () => {
    const first = rebuilt(await session.update('all'));
    expect(first.problems).toEqual([]);
    expect(stageNames(first)).toEqual(expect.arrayContaining(['bundle', 'server', 'validate', 'routes', 'render']));
    expect(served('faq/index.html')).toContain('<h1');
    expect(JSON.parse(served('faq/index.json')!).page.kind).toBe('faq');
    expect(first.rendered).toBe(first.pages);
    expect(first.pages).toBe(27);
  }, 60_000);

  test('a content edit renders only the pages it touches, with the engine of site build, and bundles nothing', async () => {
    const faq = session.snapshot().files?.get('faq/index.html');
    writeFileSync(contentFile, readFileSync(contentFile, 'utf8').replace('headline: Build your future, together.', 'headline: Edited in a test.'));
    const update = rebuilt(await session.update(new Set([contentFile])));
    expect(update.problems).toEqual([]);
    expect(stageNames(update)).not.toContain('bundle');
    expect(stageNames(update)).toEqual(expect.arrayContaining(['validate', 'plan', 'keep', 'render']));
    expect(served('index.html')).toContain('Edited in a test.');
    expect(served('home/index.json')).toContain('Edited in a test.');
    // The headline is on / and /home only: the other pages are the ones already rendered.
    expect(update.rendered).toBe(2);
    expect(session.snapshot().files?.get('faq/index.html')).toBe(faq);
  }, 60_000);

  test('tabs are told the new version as the rebuild starts; a request made meanwhile gets the rebuilt page', async () => {
    const before = session.snapshot().version;
    writeFileSync(contentFile, readFileSync(contentFile, 'utf8').replace('headline: Edited in a test.', 'headline: Told before it was built.'));
    let told: string | undefined;
    let asked: Promise<string | undefined> | undefined;
    const update = rebuilt(
      await session.update(new Set([contentFile]), (version) => {
        told = version;
        // What is served keeps its version until the rebuild ends: a page served from it meanwhile is told to reload.
        expect(session.snapshot().version).toBe(before);
        expect(session.snapshot().building?.version).toBe(version);
        // What the dev server does with a request for a file that is not a page (which no page
        // rendered first answers): wait until the rebuild ends, then serve from it.
        asked = session.built('/favicon.svg').then(() => served('index.html'));
        expect(served('index.html')).not.toContain('Told before it was built.');
      }),
    );
    expect(told).toBe(update.version);
    expect(told).not.toBe(before);
    expect(await asked).toContain('Told before it was built.');
    expect(session.snapshot().version).toBe(told);
    expect(session.snapshot().building).toBeUndefined();
  }, 60_000);

  test('a page asked for while the rebuild runs renders before the rest of the site is planned, once', async () => {
    writeFileSync(contentFile, readFileSync(contentFile, 'utf8').replace('headline: Told before it was built.', 'headline: Rendered first.'));
    let asked: Promise<string | undefined> | undefined;
    const update = rebuilt(
      await session.update(new Set([contentFile]), () => {
        // As the dev server asks on behalf of a tab that reloads as the rebuild starts.
        asked = session.built('/').then(() => {
          const { building, files } = session.snapshot();
          const contents = building?.first.get('index.html') ?? files?.get('index.html')?.contents;
          return typeof contents === 'string' ? contents : undefined;
        });
      }),
    );
    expect(update.problems).toEqual([]);
    expect(await asked).toContain('Rendered first.');
    // Compiling (or loading) the server code comes with the first page rendered: before the plan.
    const stages = stageNames(update);
    expect(stages.indexOf('server')).toBeGreaterThan(-1);
    expect(stages.indexOf('server')).toBeLessThan(stages.indexOf('plan'));
    // The headline is on / and /home: / rendered first is not rendered again.
    expect(update.rendered).toBe(2);
    expect(served('index.html')).toContain('Rendered first.');
  }, 60_000);

  test("a page's data asked for while the rebuild runs (a client-side navigation) is served from the pages rendered first", async () => {
    writeFileSync(contentFile, readFileSync(contentFile, 'utf8').replace('headline: Rendered first.', 'headline: Data rendered first.'));
    let asked: Promise<string | undefined> | undefined;
    const update = rebuilt(
      await session.update(new Set([contentFile]), () => {
        asked = session.built('/home/index.json').then(() => session.snapshot().building?.first.get('home/index.json'));
      }),
    );
    expect(update.problems).toEqual([]);
    // Answered while the rebuild still ran, with the new data.
    expect((await asked) ?? 'answered only once the rebuild ended').toContain('Data rendered first.');
    expect(served('home/index.json')).toContain('Data rendered first.');
  }, 60_000);

  test('a rebuild that fails after a page was rendered first tells tabs to load the last good page again', async () => {
    const before = session.snapshot();
    const text = readFileSync(contentFile, 'utf8');
    // Valid content whose site fails the output check once pages have rendered: the login's username shown on a page.
    writeFileSync(contentFile, text.replace('  founder: Marcus Hale', '  founder: Quillon Vantrix'));
    const told: string[] = [];
    const update = rebuilt(await session.update(new Set([contentFile]), (version) => (told.push(version), told.length === 1 && void session.built('/about'))));
    expect(update.problems.length).toBeGreaterThan(0);
    expect(update.problems.map((problem) => problem.message)).toEqual(update.problems.map(() => 'contains the value of SITE_LOGIN_USERNAME in plain text'));
    expect(told).toHaveLength(2);
    expect(told[1]).toBe(update.version);
    expect(session.snapshot().files).toBe(before.files);
    expect(session.snapshot().building).toBeUndefined();
    writeFileSync(contentFile, text);
    expect(rebuilt(await session.update(new Set([contentFile]))).problems).toEqual([]);
  }, 60_000);

  test('a content error keeps the last good files and reports where it is', async () => {
    const before = session.snapshot();
    writeFileSync(contentFile, readFileSync(contentFile, 'utf8').replace('price: 114.99', 'price: 114.999'));
    const update = rebuilt(await session.update(new Set([contentFile])));
    expect(update.problems.map((problem) => `${problem.location?.file}  ${problem.path}  ${problem.message}`)).toEqual([
      'content.yaml  bundles.3.price  must have at most two decimal places',
    ]);
    expect(session.snapshot().files).toBe(before.files);
    expect(session.snapshot().version).not.toBe(before.version);
  }, 60_000);

  test('a change to a file the client reads (here only announced, not made) bundles it again', async () => {
    writeFileSync(contentFile, readFileSync(path.join(ROOT, 'content.yaml'), 'utf8'));
    await session.update(new Set([contentFile]));
    const update = rebuilt(await session.update(new Set([path.join(ROOT, 'site', 'app.tsx')])));
    expect(update.problems).toEqual([]);
    expect(stageNames(update)).toContain('bundle');
  }, 60_000);

  test('a file no build reads changes nothing; a file of the generator asks for a new process', async () => {
    expect(await session.update(new Set([path.join(ROOT, 'README.md')]))).toBeNull();
    expect(await session.update(new Set([path.join(ROOT, 'generator', 'build', 'make-site.ts')]))).toBe('restart');
  });

  test('a card is drawn when it is first asked for, into the images folder', async () => {
    const draw = session.snapshot().card!('social/faq.png');
    expect(draw).not.toBeNull();
    const file = await draw!;
    expect((await sharp(file).metadata()).width).toBe(1200);
    expect(session.snapshot().card!('faq/index.html')).toBeNull();
  }, 60_000);

  test('a card found damaged in the images folder is drawn again, never served as it is', async () => {
    const kept = await session.snapshot().card!('social/about.png')!;
    writeFileSync(kept, readFileSync(kept).subarray(0, 100)); // cut short, as a full disk leaves it
    const served = await session.snapshot().card!('social/about.png')!;
    expect((await sharp(served).metadata()).width).toBe(1200);
    expect(readFileSync(served).length).toBeGreaterThan(100);
  }, 60_000);

  test("an image content.yaml names is served, its folder watched, and a new version of it shown after its save", async () => {
    mkdirSync(path.join(dir, 'media'));
    const photo = path.join(dir, 'media', 'founder.jpg');
    const draw = (background: string) => sharp({ create: { width: 600, height: 750, channels: 3, background } }).jpeg().toFile(photo);
    await draw('#7c3aed');
    const source = readFileSync(path.join(ROOT, 'content.yaml'), 'utf8');
    const cta = source.indexOf('\n    cta: ', source.indexOf('\n  about:'));
    writeFileSync(contentFile, `${source.slice(0, cta)}\n    founderPhoto:\n      src: media/founder.jpg\n      alt: The founder${source.slice(cta)}`);
    const update = rebuilt(await session.update(new Set([contentFile])));
    expect(update.problems).toEqual([]);
    const src = () => /<img src="([^"]+)"/.exec(served('about/index.html')!)![1]!;
    const first = src();
    expect(first).toMatch(/^\/images\/founder-288\.\w+\.jpg$/);
    const image = session.snapshot().files?.get(first.slice(1))?.contents as Uint8Array;
    expect((await sharp(image).metadata()).width).toBe(288);
    expect(session.watched).toContain(path.join(dir, 'media'));
    await draw('#0891b2');
    const again = rebuilt(await session.update(new Set([photo])));
    expect(again.problems).toEqual([]);
    expect(again.rendered).toBe(1);
    expect(src()).not.toBe(first);
    expect(session.snapshot().files?.has(src().slice(1))).toBe(true);
  }, 60_000);
});
