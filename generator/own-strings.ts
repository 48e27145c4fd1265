/*
 * V8 keeps a substring of 13 characters or more as a view of its parent, so one remembered
 * title would keep a whole page, or content.yaml's whole text, alive. And a string cut
 * from a two-byte string (content.yaml with one character beyond Latin-1, such as an
 * ellipsis) is two bytes per character: pages built from such strings are two-byte
 * throughout, twice the memory, and scanned and encoded at a third of the speed (a
 * 10,000-course build spent 1.5 s scanning two-byte pages it scans in 0.5 s as one-byte
 * ones).
 */

/** `text` as a string of its own, one byte per character where its characters allow. */
export function ownString(text: string): string {
  return text.length === 0 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * `text` as a string of its own, as it is otherwise: cheaper than ownString, for the many
 * short values a page's scan hands on (joined to one more character, the text is copied
 * whole, then cut back).
 */
export function ownSlice(text: string): string {
  return text.length < 13 ? text : (text + ' ').slice(0, -1);
}

/**
 * A deep copy of derived content (plain objects, arrays, maps and sets of plain values)
 * whose every string is its own: nothing keeps content.yaml's text alive, and no page is
 * two-byte for the sake of a character elsewhere in the file.
 */
export function copyWithOwnStrings<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  if (typeof value === 'string') return ownString(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy);
  if (value instanceof Map) return new Map([...value].map(([key, item]) => [copy(key), copy(item)]));
  if (value instanceof Set) return new Set([...value].map(copy));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw new TypeError(`cannot copy a ${prototype?.constructor?.name ?? 'non-plain'} object`);
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) result[key] = copy((value as Record<string, unknown>)[key]);
  return result;
}
