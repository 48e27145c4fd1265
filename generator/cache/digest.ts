import { hash } from 'node:crypto';
import { lstatSync } from 'node:fs';
import { ALGORITHM, digestFile } from './file-hash.js';

/*
 * An identity: the SHA-1 of a file's bytes (or of what a page is made from), in hex. It
 * names files in the build cache and in its record, where two different ones meeting by
 * chance is out of reach; it guards nothing against an attacker, who would have to write
 * the content the build reads. Hex, not base64: the store names files by it, and some
 * file systems do not tell letter case apart. A file the build draws or encodes (a card,
 * an image) is known by its name in the images folder, which holds that hash too:
 * <key>.<hash>.<ext> (cache/image-files.ts). A file's identity is file-hash.js's, plain
 * JavaScript a worker thread loads too.
 */
export { ALGORITHM, digestFile, READ_NOW } from './file-hash.js';

/** The identity of a text or of bytes. */
export function digest(value: string | Uint8Array): string {
  return hash(ALGORITHM, value, 'hex');
}

/** Whether `id` has the shape of an identity (a name read from disk is only trusted as such). */
export function isIdentity(id: string): boolean {
  return /^[0-9a-f]{40}$/.test(id);
}

/** The hash of the bytes an identity names: itself, or the one in a made image's name. */
export function bytesHashOf(id: string): string {
  return MADE_IMAGE.exec(id)?.[1] ?? id;
}
const MADE_IMAGE = /^[0-9a-f]{64}\.([0-9a-f]{40})\.[a-z]+$/;

/** Whether a regular file is at `file`: not a folder, a link, a named pipe (which reading would block on), nor a file where a folder of the path should be. */
export function isPlainFile(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** Whether `file` is a regular file whose bytes are those identity `id` names (a file that cannot be read does not). */
export function holdsIdentity(file: string, id: string): boolean {
  try {
    return isPlainFile(file) && digestFile(file) === bytesHashOf(id);
  } catch {
    return false;
  }
}
