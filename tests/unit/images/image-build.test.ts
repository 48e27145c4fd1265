import { copyFileSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { OutputProblemError } from '../../../generator/problems/errors.ts';
import { build } from '../../../generator/build/build.ts';
import { chosenCandidate, candidatesOf } from '../../../site/model/images.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
import { hashTree, listFiles } from '../../helpers/output.ts';
import { tempDir } from '../../helpers/temp.ts';
// @ts-expect-error: a plain JavaScript module of the scripts
import { writeImageFixture } from '../../../scripts/image-fixture.js';

/*
 * Content images through `site build`: the files each slot needs, in the pages that show
 * them; made once and then taken from the cache; an edited image redoes only itself, and
 * the result is still what a build from nothing writes.
 */

const dir = tempDir('site-image-build-');
let contentFile = '';
const outDir = path.join(dir, 'out');
const cacheDir = path.join(dir, 'cache');
const run = (extra: { outDir?: string; cacheDir?: string; noCache?: boolean } = {}) => build({ contentFile, outDir, cacheDir, env: {}, ...extra });
const html = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
/** The files of the cache's images folder (in subfolders by the first two digits of their key). */
const cachedImages = () => readdirSync(path.join(cacheDir, 'images'), { recursive: true }).map(String).filter((name) => /\.(avif|webp|jpg|png)$/.test(name));

beforeAll(async () => {
  ({ contentFile } = await writeImageFixture(REAL_CONTENT, path.join(dir, 'site')));
  await run();
}, 180_000);

describe('a site with every image field filled', () => {
  test('each slot gets its widths in AVIF, WebP and a fallback, named by their content, no wider than the source', () => {
    const images = listFiles(outDir).filter((file) => file.startsWith('images/'));
    const of = (stem: string) => images.filter((file) => file.startsWith(`images/${stem}-`)).map((file) => file.replace(/\.[0-9a-f]{10}\./, '.')).sort();
    // The founder's photo is 1200 px wide: the 864 px 2x file is made, none wider.
    expect(of('founder')).toEqual(['240', '288', '480', '576', '864'].flatMap((width) => ['avif', 'jpg', 'webp'].map((ext) => `images/founder-${width}.${ext}`)).sort());
    // The logo has transparency: PNG, and only PNG (see SLOTS.logo).
    expect(of('logo')).toEqual(['images/logo-108.png', 'images/logo-36.png', 'images/logo-72.png']);
    // A social image is what crawlers read: one JPEG at 1200 × 630.
    expect(of('social-home')).toEqual(['images/social-home-1200.jpg']);
    // A course's thumbnail fills two slots: the list's and its page's.
    expect(of('course-1')).toHaveLength((4 + 5) * 3);
  });

  test('the files carry no metadata and have the size their names say', async () => {
    const file = listFiles(outDir).find((name) => /^images\/founder-480\.[0-9a-f]{10}\.jpg$/.test(name))!;
    const metadata = await sharp(path.join(outDir, file)).metadata();
    expect([metadata.width, metadata.height]).toEqual([480, 600]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
  });

  test('pages show them as <picture> with srcset, sizes, width and height; the first above the fold first, the rest lazily', () => {
    const about = html('about/index.html');
    const photo = /<picture class="picture about-lead__photo">(.*?)<\/picture>/.exec(about)![1]!;
    expect(photo).toMatch(/^<source type="image\/avif" srcSet="\/images\/founder-240\.\w+\.avif 240w, /);
    expect(photo).toContain('<source type="image/webp"');
    expect(photo).toMatch(/<img src="\/images\/founder-288\.\w+\.jpg" srcSet="[^"]+" sizes="\(min-width: 768px\) 288px, 60vw" width="288" height="360" alt="The founder, smiling, in front of a whiteboard of plans" loading="eager" fetchpriority="high"/i);
    const ebooks = html('ebooks/index.html');
    expect(ebooks.match(/<img [^>]*alt="Cover of [^"]+" loading="lazy"/g)).toHaveLength(10);
    expect(ebooks).not.toMatch(/fetchpriority/i);
    // Every book has a designed cover, so none is drawn.
    expect(listFiles(outDir).filter((file) => file.startsWith('ebooks/covers/'))).toEqual([]);
    // Bundle covers are marked decorative: an empty alt.
    expect(html('bundles/index.html').match(/<img [^>]*alt=""/g)!.length).toBeGreaterThanOrEqual(4);
    expect(html('course/1/index.html')).toMatch(/<picture class="picture course-detail__image">.*?fetchpriority="high"/i);
  });

  test("a page's social image replaces its drawn card in og:image", () => {
    const home = html('index.html');
    expect(home).toMatch(/<meta property="og:image" content="https:\/\/[^"]+\/images\/social-home-1200\.\w+\.jpg">/);
    expect(home).toContain('<meta property="og:image:type" content="image/jpeg">');
    expect(home).toContain('<meta property="og:image:alt" content="home page preview">');
    expect(listFiles(outDir).some((file) => file.startsWith('social/home'))).toBe(false);
    // Course pages have no social image of their own: theirs is still drawn.
    expect(html('course/1/index.html')).toMatch(/og:image" content="[^"]+\/social\/course-1\.png\?v=/);
  });

  test('a phone picks the narrowest file that is sharp enough; the budget counts what it downloads', () => {
    const srcset = /<source type="image\/avif" srcSet="([^"]+)"/.exec(html('course/1/index.html'))![1]!;
    const candidates = candidatesOf(srcset);
    expect(chosenCandidate(candidates, 'courseHero', { width: 390, dpr: 3 }).width).toBe(1080);
    expect(chosenCandidate(candidates, 'courseHero', { width: 390, dpr: 1 }).width).toBe(360);
    expect(chosenCandidate(candidates, 'courseHero', { width: 1280, dpr: 1 }).width).toBe(720);
    expect(chosenCandidate(candidates, 'courseHero', { width: 1280, dpr: 2 }).width).toBe(1440);
  });

  test('a build with nothing changed makes no image and renders nothing; an edited image makes only its own files and renders only its pages', async () => {
    const before = cachedImages();
    const again = await run();
    expect(again.upToDate).toBe(true);
    // Book 3's cover, drawn anew: other bytes, same name.
    await sharp({ create: { width: 1000, height: 1400, channels: 3, background: '#0891b2' } })
      .jpeg()
      .toFile(path.join(dir, 'site', 'media', 'book-3.jpg'));
    const edited = await run();
    expect(edited.upToDate).toBe(false);
    expect(edited.changes.rendered).toEqual(['/ebooks']);
    const added = cachedImages().filter((name) => !before.includes(name));
    expect(added).toHaveLength(4 * 3); // the book cover slot's four widths, three formats
    expect(edited.changes.written.filter((file) => file.startsWith('images/'))).toHaveLength(4 * 3);
    expect(edited.changes.removed.filter((file) => file.startsWith('images/book-3-'))).toHaveLength(4 * 3);
    // And out/ is what a build from nothing writes.
    const fresh = path.join(dir, 'fresh');
    await run({ outDir: fresh, cacheDir: path.join(dir, 'fresh-cache'), noCache: true });
    expect(hashTree(outDir)).toEqual(hashTree(fresh));
  }, 180_000);

  test('an image content.yaml names through a link, pointed at another file (nothing else changed), is built again: out/ as a build from nothing writes it', async () => {
    const media = path.join(dir, 'site', 'media');
    renameSync(path.join(media, 'founder.jpg'), path.join(media, 'founder-a.jpg'));
    copyFileSync(path.join(media, 'book-1.jpg'), path.join(media, 'founder-b.jpg'));
    symlinkSync('founder-a.jpg', path.join(media, 'founder.jpg'));
    await run();
    rmSync(path.join(media, 'founder.jpg'));
    symlinkSync('founder-b.jpg', path.join(media, 'founder.jpg'));
    const again = await run();
    expect(again.upToDate).toBe(false);
    expect(again.changes.rendered).toContain('/about');
    const fresh = path.join(dir, 'fresh-link');
    await run({ outDir: fresh, cacheDir: path.join(dir, 'fresh-link-cache'), noCache: true });
    expect(hashTree(outDir)).toEqual(hashTree(fresh));
  }, 180_000);

  test('an image a phone would download at more than 100 KB fails the build, naming the file', async () => {
    // Pure noise does not compress: the course page's picture is far over the budget.
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 95 })
      .toFile(path.join(dir, 'site', 'media', 'course-2.jpg'));
    const before = hashTree(outDir);
    const failed = await run().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OutputProblemError);
    const problems = (failed as OutputProblemError).problems.filter((problem) => problem.message.includes('largest image'));
    expect(problems.map((problem) => problem.path)).toEqual([`${outDir}/course/2/index.html`]);
    expect(problems[0]!.message).toMatch(/^its largest image on a phone, images\/course-2-1080\.\w+\.avif, is \d+\.\d KB, over the budget of 100\.0 KB$/);
    expect(hashTree(outDir)).toEqual(before);
    writeFileSync(path.join(dir, 'site', 'media', 'course-2.jpg'), readFileSync(path.join(dir, 'site', 'media', 'course-3.jpg')));
  }, 180_000);
});
