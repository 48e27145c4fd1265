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
 * shows, and the budgets below which a page's size is estimated rather than measured.
 * Hashed once for the build, not once per page.
 */
export function sharedKey(parts: { code: string; template: string; assets: unknown; layout: LayoutData; budgets: unknown }): string {
  return digest([parts.code, parts.template, JSON.stringify(parts.assets), JSON.stringify(parts.layout), JSON.stringify(parts.budgets ?? null)].join('\0'));
}

/** A page's key: its input and `shared`. */
export function pageKey(input: PageInput, shared: string): string {
  return digest(`${shared}\0${JSON.stringify(input)}`);
}
