import type { SiteData } from '../../site/model/site-data.ts';
import type { ImageFiles } from '../cache/image-files.ts';
import type { ClientBundle } from '../client/cached-bundle.ts';
import type { OutputFile } from '../output/output-file.ts';
import type { RouteRecord } from '../plan/routes.ts';
import type { DrawnPng } from '../cards/png.ts';
import { drawAppIcons, MANIFEST_FILE, webManifest } from './app-icons.ts';
import { hostingFiles } from './hosting-files.ts';
import { staticFiles } from './static-files.ts';

/**
 * The files every site has beside its pages: the client bundle, the favicon, the web app
 * manifest, the icon set and the store's drawn covers, the hosting files and the sitemap
 * (made by every build: they cost little); and the PNG icons, drawn once into the images
 * folder.
 */
export async function fixedFiles(options: { data: SiteData; routes: readonly RouteRecord[]; client: ClientBundle; images: ImageFiles }): Promise<{ files: OutputFile[]; drawn: { file: string; png: DrawnPng; again: () => Promise<DrawnPng> }[] }> {
  const { data, routes, client, images } = options;
  const files = [
    ...client.files.map(({ file, contents }) => ({ file, contents })),
    ...staticFiles({ data }),
    { file: MANIFEST_FILE, contents: webManifest(data) },
    ...hostingFiles({ data, routes }),
  ];
  return { files, drawn: await drawAppIcons({ data, images }) };
}
