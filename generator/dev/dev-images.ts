import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ContentProblemError } from '../errors.ts';
import type { SsrModule } from './bundlers.ts';

type SiteImages = Awaited<ReturnType<SsrModule['readContent']>>['images'];

/** The images `site dev` serves: each file's bytes by its path under out/ and by its name in the images folder, and the sources (watched). */
export interface DevImages {
  files: Map<string, Uint8Array>;
  byName: Map<string, Uint8Array>;
  sources: Set<string>;
}

export const NO_DEV_IMAGES: DevImages = { files: new Map(), byName: new Map(), sources: new Set() };

/**
 * Makes the files of the content's images that `imagesDir` lacks (as `site build` does,
 * into the same cache) and reads each into memory once: a file the last set held is
 * taken from it. A source that cannot be decoded is a located content problem.
 */
export async function devImages(module: SsrModule, images: SiteImages, options: { imagesDir: string; contentFile: string; cwd: string; last: DevImages }): Promise<DevImages> {
  const { made, issues } = await module.makeImages(images, options.imagesDir);
  if (issues.length > 0) {
    const source = await readFile(options.contentFile, 'utf8');
    const displayName = path.relative(options.cwd, options.contentFile) || options.contentFile;
    throw new ContentProblemError(module.locateIssues({ file: options.contentFile, displayName, source, data: null }, issues));
  }
  const next: DevImages = { files: new Map(), byName: new Map(), sources: new Set(images.sources) };
  for (const [file, image] of made) {
    const bytes = options.last.byName.get(image.cacheName) ?? (await readFile(image.cached));
    next.byName.set(image.cacheName, bytes);
    next.files.set(file, bytes);
  }
  return next;
}
