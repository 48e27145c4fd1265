// The look of folder-look.ts, in its worker thread: every entry of the folder, folder by
// folder, told a message at a time: a path then its identity, for each entry ('': not a
// regular file served as out/'s are, with mode `fileMode`, or unreadable), then null once
// every entry is told. Plain JavaScript, as
// is the file hash it loads (cache/file-hash.js): TypeScript would start Node's type
// stripper in this thread too.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { digestFile } from '../cache/file-hash.js';

const { dir, port, fileMode } = workerData;
/** Entries per message: the build takes them as they come. */
const PER_MESSAGE = 1000;

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
        const file = path.join(dir, name);
        if ((statSync(file).mode & 0o777) === fileMode) id = digestFile(file);
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
