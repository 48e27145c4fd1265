import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { listMedia, saveUpload } from '../../../generator/edit/media-upload.ts';
import { MAX_SOURCE_BYTES } from '../../../generator/images/image-source.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * An image uploaded from the editor: stored in media/ under a safe name when the build
 * would accept it, never over another file unless asked, and otherwise refused in words
 * with nothing left behind.
 */

let photo: Buffer;
let otherPhoto: Buffer;
let png: Buffer;

beforeAll(async () => {
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#804020' } }).jpeg().toBuffer();
  otherPhoto = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#204080' } }).jpeg().toBuffer();
  png = await sharp({ create: { width: 400, height: 400, channels: 4, background: '#ffffff00' } }).png().toBuffer();
});

/** A content folder with nothing in it yet. */
const contentFolder = () => tempDir('site-media-upload-');

/** Every file in media/, hidden ones (an upload's temporary file) included. */
const filesIn = (contentDir: string) => (existsSync(path.join(contentDir, 'media')) ? readdirSync(path.join(contentDir, 'media')).sort() : []);

describe('an image the build accepts is stored', () => {
  test('under its name made safe, byte for byte, readable by the build and a web server', async () => {
    const dir = contentFolder();
    expect(await saveUpload({ contentDir: dir, name: 'My  Photo.JPG', body: photo, replace: false })).toEqual({ status: 'saved', src: 'media/my-photo.jpg' });
    expect(filesIn(dir)).toEqual(['my-photo.jpg']);
    expect(readFileSync(path.join(dir, 'media', 'my-photo.jpg')).equals(photo)).toBe(true);
    expect(statSync(path.join(dir, 'media', 'my-photo.jpg')).mode & 0o777).toBe(0o644);
  });

  test('sent in chunks, as a request arrives', async () => {
    const dir = contentFolder();
    async function* chunks() {
      for (let start = 0; start < photo.length; start += 1000) yield photo.subarray(start, start + 1000);
    }
    expect(await saveUpload({ contentDir: dir, name: 'café.jpeg', body: chunks(), replace: false })).toEqual({ status: 'saved', src: 'media/cafe.jpeg' });
    expect(readFileSync(path.join(dir, 'media', 'cafe.jpeg')).equals(photo)).toBe(true);
  });

  test('a name with folders in it: only its own name is used, and the file lands in media/', async () => {
    const dir = contentFolder();
    expect(await saveUpload({ contentDir: dir, name: '../../outside/photo.jpg', body: photo, replace: false })).toEqual({ status: 'saved', src: 'media/photo.jpg' });
    expect(await saveUpload({ contentDir: dir, name: 'C:\\Users\\me\\Pictures\\logo.png', body: png, replace: false })).toEqual({ status: 'saved', src: 'media/logo.png' });
    expect(filesIn(dir)).toEqual(['logo.png', 'photo.jpg']);
    expect(readdirSync(dir)).toEqual(['media']);
  });
});

describe('a file already there', () => {
  test('is kept: the second upload of a name is told so and writes nothing', async () => {
    const dir = contentFolder();
    await saveUpload({ contentDir: dir, name: 'cover.jpg', body: photo, replace: false });
    expect(await saveUpload({ contentDir: dir, name: 'Cover.jpg', body: otherPhoto, replace: false })).toEqual({
      status: 'exists',
      src: 'media/cover.jpg',
      message: 'media/cover.jpg is already there: replace it, or upload this image under another name',
    });
    expect(readFileSync(path.join(dir, 'media', 'cover.jpg')).equals(photo)).toBe(true);
    expect(filesIn(dir)).toEqual(['cover.jpg']);
  });

  test('is replaced when replace is asked for', async () => {
    const dir = contentFolder();
    await saveUpload({ contentDir: dir, name: 'cover.jpg', body: photo, replace: false });
    expect(await saveUpload({ contentDir: dir, name: 'cover.jpg', body: otherPhoto, replace: true })).toEqual({ status: 'saved', src: 'media/cover.jpg' });
    expect(readFileSync(path.join(dir, 'media', 'cover.jpg')).equals(otherPhoto)).toBe(true);
    expect(filesIn(dir)).toEqual(['cover.jpg']);
  });

  test('a link of that name pointing out of the folder is never written through', async () => {
    const dir = contentFolder();
    const outside = path.join(tempDir('site-media-outside-'), 'secret.jpg');
    writeFileSync(outside, 'not to be touched');
    mkdirSync(path.join(dir, 'media'));
    symlinkSync(outside, path.join(dir, 'media', 'secret.jpg'));
    expect((await saveUpload({ contentDir: dir, name: 'secret.jpg', body: photo, replace: false })).status).toBe('exists');
    expect(await saveUpload({ contentDir: dir, name: 'secret.jpg', body: photo, replace: true })).toEqual({ status: 'saved', src: 'media/secret.jpg' });
    expect(readFileSync(outside, 'utf8')).toBe('not to be touched');
    expect(readFileSync(path.join(dir, 'media', 'secret.jpg')).equals(photo)).toBe(true);
  });
});

describe('refused, in words, with nothing left in media/', () => {
  /** Uploads `body` as `name` to an empty content folder; expects a refusal and media/ as empty as before. */
  async function refusal(name: string, body: AsyncIterable<Uint8Array> | Uint8Array) {
    const dir = contentFolder();
    const result = await saveUpload({ contentDir: dir, name, body, replace: false });
    expect(filesIn(dir)).toEqual([]);
    expect(result.status).toBe('refused');
    return result as { message: string; hint: string };
  }

  test('a PNG named .jpg: the build would refuse it for its format', async () => {
    expect(await refusal('logo.jpg', png)).toEqual({
      status: 'refused',
      message: 'media/logo.jpg is a PNG image, but its name ends in .jpg',
      hint: 'Rename it to end in .png (and the path here with it).',
    });
  });

  test('an SVG, by its name or by its bytes: it can carry script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>');
    expect((await refusal('logo.svg', svg)).message).toBe('"logo.svg" is an SVG image, which is not accepted (an SVG can carry script)');
    expect((await refusal('logo.png', svg)).message).toBe('media/logo.png is an SVG image, which is not accepted (an SVG can carry script)');
  });

  test('bytes that are no image at all', async () => {
    expect((await refusal('notes.jpg', Buffer.from('shopping list'))).message).toBe('media/notes.jpg is not an image (its bytes are not JPEG, PNG, WebP or AVIF)');
  });

  test('more than the size limit: reading stops there, the rest of the body is never read', async () => {
    let sent = 0;
    let closed = false;
    const megabyte = new Uint8Array(1024 * 1024);
    async function* endless() {
      try {
        for (;;) {
          sent += megabyte.byteLength;
          yield megabyte;
        }
      } finally {
        closed = true;
      }
    }
    expect(await refusal('huge.jpg', endless())).toEqual({
      status: 'refused',
      message: 'media/huge.jpg is larger than the 20.0 MB an image may be',
      hint: 'Export it smaller: 3,000 px across at JPEG quality 85 is more than any place on the site shows.',
    });
    expect(sent).toBe(MAX_SOURCE_BYTES + megabyte.byteLength);
    expect(closed).toBe(true);
  });

  test('an upload cut off on the way', async () => {
    async function* cutOff() {
      yield photo.subarray(0, 1000);
      throw new Error('aborted');
    }
    expect((await refusal('photo.jpg', cutOff())).message).toBe('the upload of media/photo.jpg stopped before the whole file arrived');
  });

  test.each([
    ['.hidden.jpg', '".hidden.jpg" starts with a dot, which makes it a hidden file'],
    ['photo\u0000.jpg', 'the file name contains control characters'],
    ['photos/..', '"photos/.." is not a file name'],
    ['report.pdf', '"report.pdf" does not end in .jpg, .jpeg, .png, .webp, .avif'],
    ['photo', '"photo" does not end in .jpg, .jpeg, .png, .webp, .avif'],
    ['***.jpg', '"***.jpg" has no letters or digits before its extension'],
    [`${'a'.repeat(101)}.jpg`, `the file name "${'a'.repeat(100)}"… is longer than 100 characters`],
  ])('a name the site cannot use: %j', async (name, message) => {
    expect((await refusal(name, photo)).message).toBe(message);
  });

  test('media/ that is a link to a folder elsewhere', async () => {
    const dir = contentFolder();
    const elsewhere = tempDir('site-media-elsewhere-');
    symlinkSync(elsewhere, path.join(dir, 'media'));
    expect(await saveUpload({ contentDir: dir, name: 'photo.jpg', body: photo, replace: false })).toEqual({
      status: 'refused',
      message: 'media/ is a link to a folder elsewhere, so media/photo.jpg cannot be saved there',
      hint: 'Make media/ a real folder beside content.yaml, then upload it again.',
    });
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  test('media that is a file, not a folder: the reason, no stack trace', async () => {
    const dir = contentFolder();
    writeFileSync(path.join(dir, 'media'), 'not a folder');
    expect(await saveUpload({ contentDir: dir, name: 'photo.jpg', body: photo, replace: false })).toEqual({
      status: 'refused',
      message: 'could not save media/photo.jpg: media is a file, not a folder',
      hint: 'Move that file away: images go in a media/ folder beside content.yaml.',
    });
    expect(readFileSync(path.join(dir, 'media'), 'utf8')).toBe('not a folder');
  });

  // Root may write anywhere: run as any other user.
  test.skipIf(process.getuid?.() === 0)('media/ this user may not write to: the reason, no stack trace', async () => {
    const dir = contentFolder();
    mkdirSync(path.join(dir, 'media'), { mode: 0o555 });
    expect(await saveUpload({ contentDir: dir, name: 'photo.jpg', body: photo, replace: false })).toEqual({
      status: 'refused',
      message: 'could not save media/photo.jpg: permission denied',
      hint: 'Give the user running site edit write access to the media/ folder beside content.yaml.',
    });
  });
});

describe('listMedia', () => {
  test('the images under media/, in folders too, sorted, as content.yaml names them', () => {
    const dir = contentFolder();
    mkdirSync(path.join(dir, 'media', 'covers'), { recursive: true });
    for (const file of ['b.png', 'a.jpg', 'covers/book-1.webp', 'notes.txt', '.upload-1234.jpg', 'C.JPEG']) writeFileSync(path.join(dir, 'media', file), '');
    expect(listMedia(dir)).toEqual(['media/C.JPEG', 'media/a.jpg', 'media/b.png', 'media/covers/book-1.webp']);
  });

  test('none when there is no media/ folder', () => {
    expect(listMedia(contentFolder())).toEqual([]);
  });

  test('what an upload stored', async () => {
    const dir = contentFolder();
    await saveUpload({ contentDir: dir, name: 'Founder.jpg', body: photo, replace: false });
    expect(listMedia(dir)).toEqual(['media/founder.jpg']);
  });
});
