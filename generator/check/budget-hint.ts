import { locateLongestText, locateSource } from '../content/locate.ts';

/** Texts shorter than this are not what fills a page: one is not named. */
const NAMED_FROM_BYTES = 1024;

/**
 * What a page over its HTML budget most likely needs trimmed: the longest text of
 * content.yaml it shows (`document`: the page's data as it renders it), by its content path
 * and its place in the file. Null when it shows no text that long. Made only for a page
 * over its budget: content.yaml is parsed again, with positions.
 */
export function longestTextHint(document: unknown, content: { source: string; displayName: string }): string | null {
  const texts = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (Buffer.byteLength(value) >= NAMED_FROM_BYTES) texts.add(value);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) collect(item);
    }
  };
  collect(document);
  const found = texts.size > 0 ? locateLongestText(locateSource(content.source, content.displayName), texts) : null;
  if (!found) return null;
  const { file, line, column } = found.location;
  return `The longest text of content.yaml it shows is ${found.path} (${file}:${line}:${column}, ${(Buffer.byteLength(found.text) / 1024).toFixed(1)} KB).`;
}
