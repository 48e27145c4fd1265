import { closeSync, openSync, writeSync } from 'node:fs';

/** About how much JSON text is gathered before it goes to the file. */
const PIECE_CHARS = 64 * 1024;
/** How many items of a list are made JSON at once (a piece of ~50 KB of paths or identities). */
const LIST_SLICE = 2048;

/** Whether JSON.stringify leaves an object's field of this value out. */
const leftOut = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * Writes `value` to `file` as JSON.stringify(value) would, a piece at a time: lists a
 * slice of items at a time, and the top-level object and the objects in it a field at a
 * time; anything deeper (a page's record) is one piece. A large site's build record
 * (~5 MB of JSON at 10,000 courses) is then never one string in memory and a second copy
 * of it as bytes: what is held at once is a piece of ~64 KB.
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
    if (Array.isArray(item)) {
      put('[');
      for (let start = 0; start < item.length; start += LIST_SLICE) {
        // The JSON of a slice of a list, brackets off, is that part of the list's JSON.
        put(`${start > 0 ? ',' : ''}${JSON.stringify(item.slice(start, start + LIST_SLICE)).slice(1, -1)}`);
      }
      put(']');
    } else if (depth <= 1 && item !== null && typeof item === 'object' && !('toJSON' in item)) {
      put('{');
      let first = true;
      for (const [key, entry] of Object.entries(item)) {
        if (leftOut(entry)) continue;
        put(`${first ? '' : ','}${JSON.stringify(key)}:`);
        write(entry, depth + 1);
        first = false;
      }
      put('}');
    } else {
      put(JSON.stringify(item));
    }
  };
  try {
    write(value, 0);
    if (pending) writeSync(fd, pending);
  } finally {
    closeSync(fd);
  }
}
