import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDevSession, type DevSession, type DevUpdate } from '../../../generator/dev/session.ts';
import { planRebuild } from '../../../generator/dev/rebuild-plan.ts';

const root = path.resolve('/project');
const inputs = {
  contentFile: path.join(root, 'content.yaml'),
  templatesDir: path.join(root, 'templates'),
  ssr: new Set([path.join(root, 'site/app.tsx'), path.join(root, 'site/pages/faq.tsx')]),
  client: new Set([path.join(root, 'site/app.tsx'), path.join(root, 'site/styles/main.css')]),
};
const plan = (...files: string[]) => planRebuild(files.map((file) => path.join(root, file)), inputs);

describe('planRebuild: only what a change needs', () => {
  test('content.yaml: the data, never the server code or the client bundle (code only)', () => {
    expect(plan('content.yaml')).toEqual({ content: true, template: false, ssr: false, client: false });
  });
  test('a template: render again only', () => {
    expect(plan('templates/document.html')).toEqual({ content: false, template: true, ssr: false, client: false });
  });
  test('a component both sides use: both bundles', () => {
    expect(plan('site/app.tsx')).toEqual({ content: false, template: false, ssr: true, client: true });
  });
  test('a stylesheet: the client bundle only', () => {
    expect(plan('site/styles/main.css')).toEqual({ content: false, template: false, ssr: false, client: true });
  });
  test('a file no build reads (a new, unimported component): nothing', () => {
    expect(plan('site/components/new-thing.tsx')).toEqual({ content: false, template: false, ssr: false, client: false });
  });
  test('an image content.yaml names: the data, like content.yaml itself', () => {
    const images = new Set([path.join(root, 'media/founder.jpg')]);
    expect(planRebuild([path.join(root, 'media/founder.jpg')], { ...inputs, images })).toEqual({ content: true, template: false, ssr: false, client: false });
    expect(planRebuild([path.join(root, 'media/unused.jpg')], { ...inputs, images })).toEqual({ content: false, template: false, ssr: false, client: false });
  });
  test('several files at once: the union', () => {
    expect(plan('content.yaml', 'site/pages/faq.tsx')).toEqual({ content: true, template: false, ssr: true, client: false });
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
      env: {},
      cacheDir: path.join(ROOT, 'node_modules', '.cache', 'site', 'dev', `test-${process.pid}`),
    });
  }, 60_000);
  afterAll(async () => {
    await session?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const stageNames = (update: DevUpdate | null) => update?.stages.map((stage) => stage.name) ?? [];

  test("the first build bundles both sides, renders every page and serves each route's data", async () => {
    const first = await session.update('all');
    expect(first?.problems).toEqual([]);
    expect(stageNames(first)).toEqual(expect.arrayContaining(['bundle', 'server', 'load', 'validate', 'derive', 'routes', 'render']));
    const snapshot = session.snapshot();
    expect(snapshot.files?.get('faq/index.html')).toContain('<h1');
    expect(JSON.parse(snapshot.files?.get('faq/index.json') as string).page.kind).toBe('faq');
    expect(first?.rendered).toBe(first?.pages);
    expect(first?.pages).toBe(27);
  }, 60_000);

  test('a content edit re-derives and re-renders only the pages it touches, and bundles nothing', async () => {
    const faq = session.snapshot().files?.get('faq/index.html');
    writeFileSync(contentFile, readFileSync(contentFile, 'utf8').replace('headline: Build your future, together.', 'headline: Edited in a test.'));
    const update = await session.update(new Set([contentFile]));
    expect(update?.problems).toEqual([]);
    expect(stageNames(update)).not.toContain('bundle');
    expect(stageNames(update)).not.toContain('server');
    expect(stageNames(update)).toEqual(expect.arrayContaining(['load', 'validate', 'derive', 'render']));
    expect(session.snapshot().files?.get('index.html')).toContain('Edited in a test.');
    expect(session.snapshot().files?.get('home/index.json')).toContain('Edited in a test.');
    // The headline is on / and /home only: the other pages are the ones already rendered.
    expect(update?.rendered).toBe(2);
    expect(session.snapshot().files?.get('faq/index.html')).toBe(faq);
  }, 60_000);

  test('a content error keeps the last good files and reports where it is', async () => {
    const before = session.snapshot();
    writeFileSync(contentFile, readFileSync(contentFile, 'utf8').replace('price: 114.99', 'price: 114.999'));
    const update = await session.update(new Set([contentFile]));
    expect(update?.problems.map((problem) => `${problem.location?.file}  ${problem.path}  ${problem.message}`)).toEqual([
      'content.yaml  bundles.3.price  must have at most two decimal places',
    ]);
    expect(session.snapshot().files).toBe(before.files);
    expect(session.snapshot().version).not.toBe(before.version);
  }, 60_000);

  test('a change to a component both sides read (here only announced, not made) bundles both', async () => {
    writeFileSync(contentFile, readFileSync(path.join(ROOT, 'content.yaml'), 'utf8'));
    await session.update(new Set([contentFile]));
    const update = await session.update(new Set([path.join(ROOT, 'site', 'app.tsx')]));
    expect(update?.problems).toEqual([]);
    expect(stageNames(update)).toEqual(expect.arrayContaining(['bundle', 'server', 'render']));
  }, 60_000);

  test('a file no build reads changes nothing', async () => {
    expect(await session.update(new Set([path.join(ROOT, 'site', 'README.md')]))).toBeNull();
  });

  test("an image content.yaml names is served, its folder watched, and a new version of it shown after its save", async () => {
    mkdirSync(path.join(dir, 'media'));
    const photo = path.join(dir, 'media', 'founder.jpg');
    const draw = (background: string) => sharp({ create: { width: 600, height: 750, channels: 3, background } }).jpeg().toFile(photo);
    await draw('#7c3aed');
    const source = readFileSync(path.join(ROOT, 'content.yaml'), 'utf8');
    const cta = source.indexOf('\n    cta: ', source.indexOf('\n  about:'));
    writeFileSync(contentFile, `${source.slice(0, cta)}\n    founderPhoto:\n      src: media/founder.jpg\n      alt: The founder${source.slice(cta)}`);
    const update = await session.update(new Set([contentFile]));
    expect(update?.problems).toEqual([]);
    const src = () => /<img src="([^"]+)"/.exec(session.snapshot().files?.get('about/index.html') as string)![1]!;
    const first = src();
    expect(first).toMatch(/^\/images\/founder-288\.\w+\.jpg$/);
    const served = session.snapshot().files?.get(first.slice(1)) as Uint8Array;
    expect((await sharp(served).metadata()).width).toBe(288);
    expect(session.watched).toContain(path.join(dir, 'media'));
    await draw('#0891b2');
    const again = await session.update(new Set([photo]));
    expect(again?.problems).toEqual([]);
    expect(again?.rendered).toBe(1);
    expect(src()).not.toBe(first);
    expect(session.snapshot().files?.has(src().slice(1))).toBe(true);
  }, 60_000);
});
