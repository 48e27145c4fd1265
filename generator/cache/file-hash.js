// A file's identity (digest.ts), in plain JavaScript: the worker thread that looks at a
// spare (output/folder-look-worker.js) loads it too, and a worker that loads TypeScript
// starts Node's type stripper of its own, which cost that look its whole gain
// (output/README.md). Types: file-hash.d.ts.
import { createHash } from 'node:crypto';
import { closeSync, constants, openSync, readSync } from 'node:fs';

export const ALGORITHM = 'sha1';

export const READ_NOW = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** What a file is read through, a piece at a time: one for every file read in this thread (the reads are synchronous). */
const piece = Buffer.allocUnsafe(1 << 16);

export function digestFile(file) {
  const hashed = createHash(ALGORITHM);
  const fd = openSync(file, READ_NOW);
  try {
    for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece)) hashed.update(piece.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hashed.digest('hex');
}
