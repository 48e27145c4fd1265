import { createHash, hash } from 'node:crypto';
import { closeSync, constants, lstatSync, openSync, readSync } from 'node:fs';

/*
 * An identity: the SHA-1 of a file's bytes (or of what a page is made from), in hex. It
 * names files in the build cache and in its record, where two different ones meeting by
 * chance is out of reach; it guards nothing against an attacker, who would have to write
 * the content the build reads. Hex, not base64: the store names files by it, and some
 * file systems do not tell letter case apart. A file the build draws or encodes (a card,
 * an image) is known by its name in the images folder, which holds that hash too:
 * <key>.<hash>.<ext> (cache/image-files.ts).
 */
export const ALGORITHM = 'sha1';

/** The identity of a text or of bytes. */
export function digest(value: string | Uint8Array): string {
  return hash(ALGORITHM, value, 'hex');
}

/** What a file is read through, a piece at a time: one for every file read here (the reads are synchronous). */
const piece = Buffer.allocUnsafe(1 << 16);

/**
 * How a file is opened to be hashed: without waiting. A named pipe put where a file was,
 * after the file was looked at, then reads as empty (or fails) instead of blocking the
 * build for good; a regular file reads as ever.
 */
export const READ_NOW = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The identity of a file's bytes, read a piece at a time (a file is never held whole). */
export function digestFile(file: string): string {
  const hashed = createHash(ALGORITHM);
  const fd = openSync(file, READ_NOW);
  try {
    for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece)) hashed.update(piece.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hashed.digest('hex');
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
