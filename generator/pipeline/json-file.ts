import { closeSync, openSync, writeSync } from 'node:fs';

/** About how much JSON text is gathered before it goes to the file. */
const PIECE_CHARS = 64 * 1024;

/**
 * Writes `value` to `file` as JSON.stringify would, a piece at a time: the entries of the
 * top-level object, and of the objects and lists inside it, one by one. A large site's
 * build record (~5 MB of JSON at 10,000 courses) is then never one string in memory and
 * a second copy of it as bytes: its peak is a piece, not the whole.
 * For plain data only (no toJSON, no functions, no undefined inside lists).
 */
export function writeJsonFile(file: string, value: unknown): void {
  const fd = openSync(file, 'w');
  let pending = '';
  const put = (text: string) => {
    pending += text;
    if (pending.length < PIECE_CHARS) return;
    writeSync(fd, pending);
    pending = '';
  };
  const write = (item: unknown, depth: number) => {
    if (depth > 1 || item === null || typeof item !== 'object') {
      put(JSON.stringify(item));
    } else if (Array.isArray(item)) {
      put('[');
      item.forEach((entry, index) => {
        if (index > 0) put(',');
        write(entry, depth + 1);
      });
      put(']');
    } else {
      put('{');
      let first = true;
      for (const [key, entry] of Object.entries(item)) {
        if (entry === undefined) continue; // as JSON.stringify leaves it out
        put(`${first ? '' : ','}${JSON.stringify(key)}:`);
        write(entry, depth + 1);
        first = false;
      }
      put('}');
    }
  };
  try {
    write(value, 0);
    if (pending) writeSync(fd, pending);
  } finally {
    closeSync(fd);
  }
}
