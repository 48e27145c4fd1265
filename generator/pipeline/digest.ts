import { createHash, hash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

/*
 * An identity is a SHA-1 in base64url: 27 characters, kept whole. It names a file or an
 * input in the build cache, where two different ones meeting by chance is out of reach
 * (160 bits); it guards nothing against an attacker, who would have to write the content
 * the build reads. A build keeps some six identities a page until its end (the page's key,
 * its title's, its files'), so an identity is a whole hash: characters cut from a longer
 * hash keep the whole of it in memory with them (docs/performance.md, "Memory").
 */
const ALGORITHM = 'sha1';

/**
 * A short hash of a text or bytes. What the build cache knows files and inputs by. Node's
 * one-shot `hash`, not a Hash object: a build hashes every page's input, and for small
 * values the one-shot form is the faster (docs/performance.md).
 */
export function digest(value: string | Uint8Array): string {
  return hash(ALGORITHM, value, 'base64url');
}

/** What the file's bytes are read through, a piece at a time: reading a file never holds it whole. */
const piece = Buffer.allocUnsafe(1 << 16);

/** The digest of a file's bytes, read a piece at a time. */
export function digestFile(file: string): string {
  const hashed = createHash(ALGORITHM);
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece)) hashed.update(piece.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hashed.digest('base64url');
}
