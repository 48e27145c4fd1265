import { createHash, hash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

/** 128 bits of a SHA-256, URL-safe (22 characters): the short form of every identity the build cache keeps. */
const SHORT = 22;

/**
 * A short hash of a text or bytes. What the build cache knows files and inputs by. Node's
 * one-shot `hash`, not a Hash object: a build hashes every page's input, and for small
 * values the one-shot form is the faster (docs/performance.md).
 */
export function digest(value: string | Uint8Array): string {
  return hash('sha256', value, 'base64url').slice(0, SHORT);
}

/** What the file's bytes are read through, a piece at a time: reading a file never holds it whole. */
const piece = Buffer.allocUnsafe(1 << 16);

/** The digest of a file's bytes, read a piece at a time. */
export function digestFile(file: string): string {
  const hashed = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece)) hashed.update(piece.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hashed.digest('base64url').slice(0, SHORT);
}
