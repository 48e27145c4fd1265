import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { STATIC_PATHS } from '../../site/model/routes.ts';
import { ICON_SPRITE } from '../../site/model/icon-sprite.ts';
import { UsageProblemError } from '../problems/errors.ts';

/*
 * `site build` replaces its output folder whole. So that a mistyped --out (".", the
 * project, a folder of someone's files, a file) is never deleted, it only replaces a
 * folder that holds nothing but what a build writes at its top level.
 */

/** Every name a build may write at the top of out/: pages' folders, files beside them, assets. */
export const OUTPUT_TOP_LEVEL: ReadonlySet<string> = new Set([
  ...Object.keys(STATIC_PATHS).map((route) => route.split('/')[1] || 'index.html'),
  // The home page's data, beside its index.html (see routeDataFile).
  'index.json',
  'course',
  'agency-login',
  '404.html',
  'assets',
  'social',
  // The files made from content.yaml's images (generator/images/).
  'images',
  ICON_SPRITE.slice(1),
  '_headers',
  '_redirects',
  'sitemap.xml',
  'robots.txt',
  'site.webmanifest',
  'favicon.svg',
  'favicon-32.png',
  'apple-touch-icon.png',
  'icon-192.png',
  'icon-512.png',
  'icon-maskable-512.png',
]);

/**
 * Files an operating system leaves in any folder someone opened (macOS Finder, Windows
 * Explorer): not a person's files, so no reason to refuse out/. The build removes them
 * with whatever else the site does not have.
 */
const LEFT_BY_THE_SYSTEM: ReadonlySet<string> = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);

const hint = 'Give --out a new or empty folder, or one an earlier `site build` wrote.';

/** Throws when `outDir` is the working folder or one above it: the first thing wrong with such an --out, whatever else is. */
export function assertNotAboveWorkingFolder(outDir: string, options: { label: string; cwd?: string }): void {
  const relative = path.relative(path.resolve(outDir), path.resolve(options.cwd ?? process.cwd()));
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative)))
    throw new UsageProblemError(`--out ${options.label} is the folder you are in or one above it; site build replaces its output folder whole`, { hint });
}

/**
 * Throws unless `outDir` may be replaced: it does not exist, or is a folder (not a link)
 * that holds only names a build writes, and it is not the working folder or one above it.
 */
export async function assertReplaceableOutput(outDir: string, options: { label: string; cwd?: string }): Promise<void> {
  const target = path.resolve(outDir);
  assertNotAboveWorkingFolder(target, options);
  const stats = await lstat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!stats) return;
  if (stats.isSymbolicLink()) throw new UsageProblemError(`--out ${options.label} is a symbolic link; site build would replace the link, not write through it`, { hint: 'Give --out the real folder.' });
  if (!stats.isDirectory()) throw new UsageProblemError(`--out ${options.label} is a file, not a folder; site build would replace it`, { hint });
  // A mount point (a container's volume, a RAM disk) cannot be renamed, and the swap that
  // replaces out/ renames it. A bind mount of a folder on the same file system is not seen
  // here; the swap's refusal is said in plain words then (problems/file-system-problem.ts).
  if (stats.dev !== (await lstat(path.dirname(target))).dev)
    throw new UsageProblemError(`--out ${options.label} is a mount point (a file system of its own); site build replaces its output folder by renaming it, which a mount point does not allow`, {
      hint: 'Mount the folder above it instead, or give --out a folder inside the mount.',
    });
  const foreign = (await readdir(target)).filter((name) => !OUTPUT_TOP_LEVEL.has(name) && !LEFT_BY_THE_SYSTEM.has(name)).sort();
  if (foreign.length === 0) return;
  const listed = foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? `, and ${foreign.length - 5} more` : '');
  throw new UsageProblemError(`--out ${options.label} holds files site build did not write (${listed}); it only replaces a folder it wrote`, { hint });
}
