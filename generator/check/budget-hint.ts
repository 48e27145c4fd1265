import { locateSource, locateTexts } from '../content/problems/locate.ts';
import type { Location } from '../problems/errors.ts';

/** Texts shorter than this are not what fills a page: one is not named. */
const NAMED_FROM_BYTES = 1024;

const isLong = (text: string) => Buffer.byteLength(text) >= NAMED_FROM_BYTES;

/**
 * For a page over its HTML budget, what it most likely needs trimmed: the longest text of
 * content.yaml it shows (`document`: the page's data as it renders it), named by its content
 * path, and its place in the file; null when it shows no text that long. content.yaml's long
 * texts are located once, with a parse that keeps positions, when a first page needs them.
 */
export function longestTextHints(content: { source: string; displayName: string }): (document: unknown) => { hint: string; location: Location } | null {
  let placed: ReturnType<typeof locateTexts> | undefined;
  return (document) => {
    placed ??= locateTexts(locateSource(content.source, content.displayName), isLong);
    let longest = '';
    const visit = (value: unknown): void => {
      if (typeof value === 'string') {
        if (value.length > longest.length && placed!.has(value)) longest = value;
      } else if (value !== null && typeof value === 'object') {
        for (const item of Object.values(value)) visit(item);
      }
    };
    visit(document);
    if (!longest) return null;
    const { path, location } = placed.get(longest)!;
    return { hint: `The longest text of content.yaml it shows is ${path} (${(Buffer.byteLength(longest) / 1024).toFixed(1)} KB), where this problem points.`, location };
  };
}
