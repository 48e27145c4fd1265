// The look of folder-look.ts, in its worker thread: every entry of the folder, folder by
// folder, told a message at a time: a path then its identity, for each entry ('': not a
// regular file, or unreadable), then null once every entry is told.
//
// Plain JavaScript: a worker that loads TypeScript starts Node's type stripper of its own,
// which cost this look its whole gain at 10,000 courses, and 15 MB (output/README.md). So
// identityOf below is cache/digest.ts's digestFile, written again; the algorithm is
// digest.ts's, and so are the flags a file is opened with, passed in.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';
import { workerData } from 'node:worker_threads';

const { dir, algorithm, flags, port } = workerData;
/** Entries per message: the build takes them as they come. */
const PER_MESSAGE = 1000;
/** What a file is read through, a piece at a time: a file is never held whole. */
const piece = Buffer.allocUnsafe(1 << 16);

/** The identity of a file's bytes (digestFile's). */
function identityOf(file) {
  const hashed = createHash(algorithm);
  const fd = openSync(file, flags);
  try {
    for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece)) hashed.update(piece.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hashed.digest('hex');
}

let told = [];
const folders = [''];
while (folders.length > 0) {
  const folder = folders.pop();
  // A folder that cannot be read ends the look unfinished: the build lists the folder itself.
  for (const entry of readdirSync(path.join(dir, folder), { withFileTypes: true })) {
    const name = folder ? `${folder}/${entry.name}` : entry.name;
    let id = '';
    if (entry.isDirectory()) folders.push(name);
    else if (entry.isFile()) {
      try {
        id = identityOf(path.join(dir, name));
      } catch {
        id = '';
      }
    }
    told.push(name, id);
    if (told.length === 2 * PER_MESSAGE) {
      port.postMessage(told);
      told = [];
    }
  }
}
if (told.length > 0) port.postMessage(told);
port.postMessage(null);
port.close();
