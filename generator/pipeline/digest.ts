import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

/** 128 bits of a SHA-256, URL-safe: the short form every identity the build cache keeps has. */
const short = (hash: Hash): string => hash.digest('base64url').slice(0, 22);

/** A short hash of a text or bytes. What the build cache knows files and inputs by. */
export function digest(value: string | Uint8Array): string {
  return short(createHash('sha256').update(value));
}

/** What the file's bytes are read through, a piece at a time: reading a file never holds it whole. */
const piece = Buffer.allocUnsafe(1 << 16);

/** The digest of a file's bytes, read a piece at a time. */
export function digestFile(file: string): string {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece)) hash.update(piece.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return short(hash);
}
