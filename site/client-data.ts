import type { SiteData } from './model/site-data.ts';
import common from 'site:data';

/**
 * The client's content: the common part arrives with the entry script; each page chunk
 * adds its own slice when it loads, before its component renders.
 */
export const clientData = common;

export function registerData(slice: Partial<SiteData>): void {
  for (const [key, value] of Object.entries(slice)) {
    if (key === 'pages') Object.assign(clientData.pages, value);
    else (clientData as unknown as Record<string, unknown>)[key] = value;
  }
}
