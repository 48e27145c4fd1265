import { randomBytes } from 'node:crypto';
import { constants, readdirSync, type Dirent } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, realpath, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_EXTENSIONS } from '../../site/model/field-schemas.ts';
import { MAX_SOURCE_BYTES, readSource } from '../images/image-source.ts';

/*
 * An image uploaded from the editor, stored in media/ beside content.yaml after the checks
 * a build makes of it (image-source.ts). The bytes go to a temporary file in media/ first,
 * cut off past the size limit; the file takes its name only once it has passed, with a
 * link, which fails rather than overwrite a file already there. So media/ never holds half
 * an upload, a refused one, or a picture silently put in place of another.
 */

export type UploadResult =
  /** Stored; `src` as content.yaml names it: "media/<name>". */
  | { status: 'saved'; src: string }
  /** A file of that name is there and replace was not asked for; nothing was written. */
  | { status: 'exists'; src: string; message: string }
  /** Not a name or an image the build accepts, or the disk refused it; nothing was written. */
  | { status: 'refused'; message: string; hint: string };

type Refusal = Extract<UploadResult, { status: 'refused' }>;

const MEDIA = 'media';
const MAX_NAME_LENGTH = 100;
const refuse = (message: string, hint: string): Refusal => ({ status: 'refused', message, hint });

/**
 * The name an upload is stored under: its base name made safe for a URL ("My Photo.JPG" →
 * "my-photo.jpg"), or why it cannot be one.
 */
function mediaName(name: string): { name: string } | Refusal {
  const base = name.split(/[/\\]/).pop() ?? '';
  const shown = JSON.stringify(base.slice(0, MAX_NAME_LENGTH));
  const again = 'Rename the file to something like photo.jpg and upload it again.';
  // Control characters anywhere, not only in the base name: a name carrying them was not typed by a person.
  if (/[\u0000-\u001f\u007f]/.test(name)) return refuse('the file name contains control characters', again);
  if (base === '' || base === '.' || base === '..') return refuse(`${JSON.stringify(name)} is not a file name`, again);
  if (base.startsWith('.')) return refuse(`${shown} starts with a dot, which makes it a hidden file`, again);
  if (base.length > MAX_NAME_LENGTH) return refuse(`the file name ${shown}… is longer than ${MAX_NAME_LENGTH} characters`, again);
  const extension = path.extname(base).toLowerCase();
  if (extension === '.svg') return refuse(`${shown} is an SVG image, which is not accepted (an SVG can carry script)`, 'Export it as PNG (keeps transparency), JPEG, WebP or AVIF.');
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
    return refuse(`${shown} does not end in ${IMAGE_EXTENSIONS.join(', ')}`, 'Upload a JPEG, PNG, WebP or AVIF image, named with its extension.');
  }
  const stem = base
    .slice(0, -extension.length)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // "Café" → "Cafe", not "Caf-"
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  if (stem === '') return refuse(`${shown} has no letters or digits before its extension`, again);
  return { name: stem + extension };
}

/** What the disk said, in words, and what to do; null for an error no user could act on (a bug, reported as one). */
function diskRefusal(error: unknown, src: string): Refusal | null {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const failed = (reason: string, hint: string) => refuse(`could not save ${src}: ${reason}`, hint);
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return failed('permission denied', `Give the user running site edit write access to the ${MEDIA}/ folder beside content.yaml.`);
    case 'ENOSPC':
    case 'EDQUOT':
      return failed('the disk is full', 'Free some space on the disk, then upload it again.');
    case 'EROFS':
      return failed('the disk is read-only', 'Edit a copy of the content on a writable disk.');
    case 'EISDIR':
      return failed(`${src} is a folder`, 'Upload the image under another name, or move that folder away.');
    case 'ENOTDIR':
      return failed(`${MEDIA} is a file, not a folder`, `Move that file away: images go in a ${MEDIA}/ folder beside content.yaml.`);
    default:
      return null;
  }
}

/** The body's chunks, or the error the body failed with (a closed connection), told apart from the disk's. */
async function* chunksOf(body: AsyncIterable<Uint8Array> | Uint8Array, failed: { error?: unknown }): AsyncGenerator<Uint8Array> {
  if (body instanceof Uint8Array) {
    yield body;
    return;
  }
  const iterator = body[Symbol.asyncIterator]();
  let ended = false;
  try {
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        ended = true;
        failed.error = error;
        return;
      }
      if (next.done) {
        ended = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // Stopped early (too large): the body stops too; a request stream is destroyed.
    if (!ended) await iterator.return?.();
  }
}

/** media/ in `contentDir`, made if missing; refused if it is a link or is not inside the folder. */
async function mediaFolder(contentDir: string, src: string): Promise<string | Refusal> {
  const folder = path.join(contentDir, MEDIA);
  await mkdir(folder, { mode: 0o755 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const linked = refuse(`${MEDIA}/ is a link to a folder elsewhere, so ${src} cannot be saved there`, `Make ${MEDIA}/ a real folder beside content.yaml, then upload it again.`);
  if ((await lstat(folder)).isSymbolicLink()) return linked;
  const [real, root] = await Promise.all([realpath(folder), realpath(contentDir)]);
  return real.startsWith(root + path.sep) ? folder : linked;
}

/**
 * Stores an uploaded image as media/<name> in `contentDir`, after the checks a build makes;
 * never over a file already there unless `replace`. The result says what happened in words.
 */
export async function saveUpload(options: { contentDir: string; name: string; body: AsyncIterable<Uint8Array> | Uint8Array; replace: boolean }): Promise<UploadResult> {
  const named = mediaName(options.name);
  if ('status' in named) return named;
  const src = `${MEDIA}/${named.name}`;
  let temporary: string | undefined;
  try {
    const folder = await mediaFolder(options.contentDir, src);
    if (typeof folder !== 'string') return folder;
    // Hidden, marked as an upload, and unguessable; with the real extension, which readSource checks.
    const temporaryName = `.upload-${randomBytes(8).toString('hex')}${path.extname(named.name)}`;
    const file = path.join(folder, temporaryName);
    // Made, never opened through a link; 0o644 whatever the umask: the build and a web server read it.
    const handle = await open(file, 'wx', 0o644);
    temporary = file;
    const cutOff = await receive(options.body, handle, src);
    if (cutOff) return cutOff;

    const checked = await readSource(`${MEDIA}/${temporaryName}`, options.contentDir, []);
    if ('message' in checked) {
      return refuse(checked.message.replaceAll(temporaryName, named.name), checked.hint.replaceAll(temporaryName, named.name));
    }

    const final = path.join(folder, named.name);
    if (options.replace) {
      await rename(temporary, final);
      return { status: 'saved', src };
    }
    try {
      await takeName(temporary, final);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return { status: 'exists', src, message: `${src} is already there: replace it, or upload this image under another name` };
    }
    return { status: 'saved', src };
  } catch (error) {
    const refusal = diskRefusal(error, src);
    if (refusal) return refusal;
    throw error;
  } finally {
    if (temporary) await rm(temporary, { force: true });
  }
}

/**
 * Writes the body to `handle`'s file and closes it; refused when the body is more than
 * MAX_SOURCE_BYTES (read no further than that) or stops before its end.
 */
async function receive(body: AsyncIterable<Uint8Array> | Uint8Array, handle: FileHandle, src: string): Promise<Refusal | null> {
  try {
    await handle.chmod(0o644);
    const failed: { error?: unknown } = {};
    let received = 0;
    for await (const chunk of chunksOf(body, failed)) {
      received += chunk.byteLength;
      if (received > MAX_SOURCE_BYTES) {
        const limit = `${(MAX_SOURCE_BYTES / 1024 / 1024).toFixed(1)} MB`;
        return refuse(`${src} is larger than the ${limit} an image may be`, 'Export it smaller: 3,000 px across at JPEG quality 85 is more than any place on the site shows.');
      }
      for (let offset = 0; offset < chunk.byteLength; ) offset += (await handle.write(chunk, offset)).bytesWritten;
    }
    if (failed.error !== undefined) return refuse(`the upload of ${src} stopped before the whole file arrived`, 'Upload it again.');
    // On disk before it takes its name: a crash leaves the old picture or the new one, not an empty file.
    await handle.sync();
    return null;
  } finally {
    await handle.close();
  }
}

/** Gives `temporary`'s file the name `final` as well; fails with EEXIST rather than overwrite. */
async function takeName(temporary: string, final: string): Promise<void> {
  try {
    await link(temporary, final);
  } catch (error) {
    // A disk without hard links (FAT, some network shares): a copy that still never overwrites.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    await copyFile(temporary, final, constants.COPYFILE_EXCL);
  }
}

/** The image files under media/ in `contentDir`, sorted, as content.yaml names them ("media/a.jpg"); [] when there is no media/. */
export function listMedia(contentDir: string): string[] {
  const found: string[] = [];
  const visit = (relative: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(contentDir, relative), { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw error;
    }
    for (const entry of entries) {
      // Hidden files are not images to offer: an upload under way, .DS_Store.
      if (entry.name.startsWith('.')) continue;
      const inner = `${relative}/${entry.name}`;
      if (entry.isDirectory()) visit(inner);
      else if ((IMAGE_EXTENSIONS as readonly string[]).includes(path.extname(entry.name).toLowerCase())) found.push(inner);
    }
  };
  visit(MEDIA);
  return found.sort();
}
