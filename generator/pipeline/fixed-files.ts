import { readFileSync } from 'node:fs';
import type { SiteData } from '../../site/model/site-data.ts';
import type { RouteRecord } from '../content/collect-routes.ts';
import type { OutputFile } from '../output-file.ts';
import { renderAppIcons } from '../outputs/app-icons.ts';
import { hostingFiles } from '../outputs/hosting-files.ts';
import { staticFiles } from '../outputs/static-files.ts';
import type { ClientBundle } from './client-bundle.ts';
import { putFile, type NewSite } from './new-site.ts';
import { measurePages, type Budgets, type PageSize } from './page-sizes.ts';

/**
 * The files every site has beside its pages: the client bundle, favicon and icons, the
 * hosting files and the sitemap. Made, checked and written by every build (they cost
 * little); returns the sizes of the pages among them (agency-login/index.html).
 */
export async function putFixedFiles(site: NewSite, options: { data: SiteData; routes: readonly RouteRecord[]; client: ClientBundle; imagesDir: string; upTo: Budgets | undefined }): Promise<PageSize[]> {
  const { data, routes, client } = options;
  const fixed: OutputFile[] = [...staticFiles({ data }), ...(await renderAppIcons({ data, cacheDir: options.imagesDir })), ...hostingFiles({ data, routes })];
  const sizes = await measurePages({ files: fixed.filter((file) => file.file.endsWith('.html')), upTo: options.upTo });
  for (const file of fixed) putFile(site, file.file, file.contents);
  site.check.add(fixed, sizes);
  // The bundle's files come from the cache's copy (see client-bundle.ts) when out/ lacks them.
  for (const file of client.files) site.files.set(file.file, file.id);
  // It was checked when it was made (its stylesheet's url()s); bundled now, it is checked now.
  if (client.bundled) site.check.add(client.files.map((file) => ({ file: file.file, contents: readFileSync(file.source) })));
  return sizes;
}
