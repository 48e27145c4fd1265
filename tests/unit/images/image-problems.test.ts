import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { readContent } from '../../../generator/content/read-content.ts';
import { ContentProblemError, type Problem } from '../../../generator/problems/errors.ts';
import { build } from '../../../generator/build/build.ts';
import { positionOf } from '../../helpers/cli.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
import { hashTree } from '../../helpers/output.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * Image files that must not reach the site, each reported where content.yaml names it,
 * with what is wrong and how to fix it, all at once; the previous out/ stays.
 */

const SOURCE = readFileSync(REAL_CONTENT, 'utf8');
const dir = tempDir('site-image-problems-');
const media = path.join(dir, 'site', 'media');

/** A PNG whose header says `width` × `height` and that holds no pixels: what a decompression bomb's header looks like. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // One row of pixels, so that the file reads as a PNG cut short, not as no PNG at all.
  const row = deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', row), chunk('IEND', Buffer.alloc(0))]);
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7c3aed', noise: { type: 'gaussian', mean: 120, sigma: 30 } } });

beforeAll(async () => {
  mkdirSync(media, { recursive: true });
  await photo(1600, 900).jpeg().toFile(path.join(media, 'good.jpg'));
  await photo(1000, 1400).png().toFile(path.join(media, 'really-a-png.jpg'));
  await photo(200, 280).jpeg().toFile(path.join(media, 'small.jpg'));
  writeFileSync(path.join(media, 'notes.jpg'), 'these are my notes, not a picture\n');
  writeFileSync(path.join(media, 'drawing.png'), '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><script>alert(1)</script></svg>');
  writeFileSync(path.join(media, 'bomb.png'), pngHeader(12_000, 9_000));
  writeFileSync(path.join(media, 'huge.jpg'), Buffer.alloc(21 * 1024 * 1024));
  await photo(1600, 900).jpeg().toFile(path.join(dir, 'outside.jpg'));
  symlinkSync(path.join(dir, 'outside.jpg'), path.join(media, 'linked.jpg'));
  // A named pipe: opened for reading, it would wait for a writer for ever.
  execFileSync('mkfifo', [path.join(media, 'pipe.jpg')]);
  mkdirSync(path.join(media, 'folder.jpg'));
});

/** The real content with these image fields, in site/content.yaml. */
function contentWith(fields: { books?: string[]; courses?: string[]; logo?: string; founder?: string }): string {
  let source = SOURCE;
  const cover = (src: string) => `\n    cover:\n      src: ${src}\n      alt: A cover`;
  (fields.books ?? []).forEach((src, index) => {
    const anchor = source.indexOf(`checkoutUrl:`, source.indexOf(`\n  - id: ${index + 1}\n`, source.indexOf('\nbooks:')));
    const end = source.indexOf('\n', anchor);
    source = source.slice(0, end) + cover(src) + source.slice(end);
  });
  (fields.courses ?? []).forEach((src, index) => {
    const anchor = source.indexOf(`\n  - id: ${index + 1}\n`, source.indexOf('\ncourses:'));
    const end = source.indexOf('\n', source.indexOf('level:', anchor));
    source = source.slice(0, end) + `\n    thumbnail:\n      src: ${src}\n      alt: A still from the course` + source.slice(end);
  });
  if (fields.logo) source = source.replace('\n  founder:', `\n  logo:\n    src: ${fields.logo}\n    decorative: true\n  founder:`);
  if (fields.founder) {
    const cta = source.indexOf('\n    cta: ', source.indexOf('\n  about:'));
    source = source.slice(0, cta) + `\n    founderPhoto:\n      src: ${fields.founder}` + source.slice(cta);
  }
  const file = path.join(dir, 'site', 'content.yaml');
  writeFileSync(file, source);
  return file;
}

async function problemsOf(file: string): Promise<Problem[]> {
  try {
    await readContent({ file, cwd: dir });
  } catch (error) {
    if (error instanceof ContentProblemError) return error.problems;
    throw error;
  }
  return [];
}

describe('image fields with something wrong', () => {
  test('every problem is reported at once, located at its field, with what is wrong and how to fix it', async () => {
    const file = contentWith({
      books: ['media/missing.jpg', '../outside.jpg', '/etc/hosts.jpg', 'media/linked.jpg', 'media/notes.jpg', 'media/really-a-png.jpg', 'media/drawing.svg', 'media/drawing.png', 'media/bomb.png', 'media/huge.jpg'],
      courses: ['media/small.jpg', 'media/pipe.jpg', 'media/folder.jpg'],
      founder: 'media/good.jpg',
    });
    const source = readFileSync(file, 'utf8');
    const problems = await problemsOf(file);
    const at = (src: string) => `site/content.yaml:${positionOf(source, src)}`;
    const found = (src: string) => {
      const problem = problems.find((candidate) => candidate.frame && `${candidate.location!.file}:${candidate.location!.line}:${candidate.location!.column}` === at(src));
      expect(problem, `a problem at ${src}`).toBeDefined();
      return problem!;
    };
    expect(found('media/missing.jpg')).toMatchObject({ path: 'books.0.cover.src', message: 'the file media/missing.jpg does not exist' });
    expect(found('../outside.jpg')).toMatchObject({ path: 'books.1.cover.src', message: 'must stay inside the folder of content.yaml (no "..")' });
    expect(found('/etc/hosts.jpg')).toMatchObject({ path: 'books.2.cover.src', message: 'must be a path relative to content.yaml, like media/founder.jpg' });
    expect(found('media/linked.jpg')).toMatchObject({ message: 'media/linked.jpg is a link to a file outside the folder of content.yaml' });
    expect(found('media/notes.jpg').message).toBe('media/notes.jpg is not an image (its bytes are not JPEG, PNG, WebP or AVIF)');
    expect(found('media/really-a-png.jpg')).toMatchObject({ message: 'media/really-a-png.jpg is a PNG image, but its name ends in .jpg', hint: 'Rename it to end in .png (and the path here with it).' });
    expect(found('media/drawing.svg').message).toBe('is an SVG file, which is not accepted (an SVG can carry script)');
    expect(found('media/drawing.png').message).toBe('media/drawing.png is an SVG image, which is not accepted (an SVG can carry script)');
    expect(found('media/bomb.png').message).toBe('media/bomb.png is 12000 × 9000 px (108 megapixels), more than the 50 megapixels an image may have');
    expect(found('media/huge.jpg').message).toBe('media/huge.jpg is 21.0 MB, larger than the 20.0 MB an image may be');
    expect(found('media/small.jpg')).toMatchObject({
      path: 'courses.0.thumbnail.src',
      message: "media/small.jpg is 200 × 280 px, too small for a course thumbnail: the smallest that fits is 320 × 180 px",
    });
    expect(found('media/pipe.jpg')).toMatchObject({ path: 'courses.1.thumbnail.src', message: 'media/pipe.jpg is not a regular file (it is a named pipe), so it cannot be an image' });
    expect(found('media/folder.jpg')).toMatchObject({ path: 'courses.2.thumbnail.src', message: 'media/folder.jpg is a folder, not an image' });
    // The photo is fine, but says nothing to someone who cannot see it.
    const alt = problems.find((problem) => problem.path === 'pages.about.founderPhoto.alt')!;
    expect(alt).toMatchObject({ message: 'alt text is missing' });
    expect(alt.hint).toContain('decorative: true');
    expect(problems).toHaveLength(14);
    for (const problem of problems) expect(problem.hint, problem.message).toBeTruthy();
  });

  test('a problem in the rest of the file and one in an image are listed together, in file order', async () => {
    const file = contentWith({ books: ['media/missing.jpg'] });
    writeFileSync(file, readFileSync(file, 'utf8').replace('price: 16.99', 'price: -1'));
    const problems = await problemsOf(file);
    expect(problems.map((problem) => problem.message)).toEqual(expect.arrayContaining(['must not be negative', 'the file media/missing.jpg does not exist']));
    const lines = problems.map((problem) => problem.location!.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  test('a file damaged past its header fails the build at its field, and the previous out/ stays', async () => {
    const outDir = path.join(dir, 'out');
    const cacheDir = path.join(dir, 'cache');
    const good = contentWith({ logo: 'media/logo.png' });
    await sharp({ create: { width: 256, height: 256, channels: 4, background: { r: 124, g: 58, b: 237, alpha: 0.5 } } })
      .png()
      .toFile(path.join(media, 'logo.png'));
    await build({ contentFile: good, outDir, cacheDir, env: {} });
    const before = hashTree(outDir);
    const whole = await photo(1600, 900).jpeg().toBuffer();
    writeFileSync(path.join(media, 'cut.jpg'), whole.subarray(0, Math.floor(whole.length / 2)));
    const file = contentWith({ logo: 'media/logo.png', courses: ['media/cut.jpg'] });
    const failed = await build({ contentFile: file, outDir, cacheDir, env: {} }).catch((error: unknown) => error);
    expect(failed, String(failed)).toBeInstanceOf(ContentProblemError);
    const [problem] = (failed as ContentProblemError).problems;
    expect(problem).toMatchObject({ path: 'courses.0.thumbnail.src', location: { line: Number(positionOf(readFileSync(file, 'utf8'), 'media/cut.jpg').split(':')[0]) } });
    expect(problem!.message).toMatch(/^media\/cut\.jpg could not be read as an image: /);
    expect(hashTree(outDir)).toEqual(before);
  }, 120_000);
});
