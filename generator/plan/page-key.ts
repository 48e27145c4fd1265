import type { LayoutData } from '../../site/model/page-data.ts';
import { digest } from '../cache/digest.ts';
import type { PageInput } from './page-input.ts';

/*
 * The one rule of the build cache: a page's key is a hash of everything it is made from.
 * Two builds render a page to the same bytes exactly when its key is the same; a key the
 * last build recorded, with its files still at hand, lets that page stand as it was.
 */

/**
 * What every page is made from besides its own input: the code (generator, site/, the
 * packages), the document template, the client's asset names, the layout every page
 * shows, and the budgets the page was checked against (a page kept is not checked again).
 * Hashed once for the build, not once per page.
 */
export function sharedKey(parts: { code: string; template: string; assets: unknown; layout: LayoutData; budgets: unknown }): string {
  return digest([parts.code, parts.template, JSON.stringify(parts.assets), JSON.stringify(parts.layout), JSON.stringify(parts.budgets ?? null)].join('\0'));
}

/** A page's key: its input and `shared`. */
export function pageKey(input: PageInput, shared: string): string {
  return digest(`${shared}\0${JSON.stringify(input)}`);
}

/**
 * Whether two inputs have the same JSON, and so the same key under the same `shared`:
 * the same keys in the same order and the same values. A build that holds the last one's
 * inputs (site dev) compares rather than hashes, and stops at the first part that is the
 * same object. Values JSON writes differently from how they compare (undefined, NaN)
 * only ever make it answer no, and the key is then made anew.
 */
export function sameInput(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    if (a.length !== list.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!sameInput(a[index], list[index])) return false;
    return true;
  }
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    if (key !== others[index] || !sameInput((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
