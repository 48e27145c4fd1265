import { existsSync, lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { CACHE_ROOT } from '../paths.ts';
import { displayPath as labelOf } from '../problems/display-path.ts';
import { BuildProblemError, UsageProblemError } from '../problems/errors.ts';
import { fileSystemProblem, refusalAbove } from '../problems/file-system-problem.ts';
import { besideOut } from '../output/beside-out.ts';
import { assertNotAboveWorkingFolder, assertReplaceableOutput } from '../output/replaceable-output.ts';

/** Where a build writes: out/ (and how problems name it), and the build cache. */
export interface BuildFolders {
  outDir: string;
  outLabel: string;
  cacheDir: string;
}


/** Whether `inner` is `outer` or inside it. */
function within(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * `dir` as the disk sees it: every symbolic link in the part of it that exists resolved,
 * so that a cache reached through a link into out/ is told as inside it. A link on the way
 * that points at nothing is a usage problem now, not a failure once the pages are made.
 */
function realPathOf(dir: string, option: string, label: string): string {
  const rest: string[] = [];
  let existing = dir;
  while (!existsSync(existing)) {
    if (lstatSync(existing, { throwIfNoEntry: false })?.isSymbolicLink())
      throw new UsageProblemError(`${option} ${label}: ${existing} is a symbolic link to something that does not exist`, { hint: 'Remove the link or make what it points to, or give the folder by another path.' });
    const parent = path.dirname(existing);
    if (parent === existing) break;
    rest.unshift(path.basename(existing));
    existing = parent;
  }
  try {
    return path.join(realpathSync.native(existing), ...rest);
  } catch {
    return dir;
  }
}

/**
 * The folders of a build, refused before any work when they cannot serve: the working
 * folder or one above it as out/ (said first: the cache lies inside such a folder too), an
 * output folder a build did not write (replaceable-output.ts), a cache inside out/ or beside it in
 * the folders a build swaps (it would be published, or swapped away), out/ inside the
 * cache, a cache that is a file, a folder above out/ the build may not write in.
 */
export async function buildFolders(options: { outDir: string; cacheDir?: string }): Promise<BuildFolders> {
  const outDir = path.resolve(options.outDir);
  const outLabel = labelOf(outDir);
  const cacheDir = path.resolve(options.cacheDir ?? CACHE_ROOT);
  const cacheLabel = labelOf(cacheDir);
  assertNotAboveWorkingFolder(outDir, { label: outLabel });
  const hint = 'Keep the build cache outside the output folder: the default (node_modules/.cache/site), or --cache-dir with a folder of its own.';
  // Compared as the disk sees them (links resolved), and named as given.
  const [realOut, realCache] = [realPathOf(outDir, '--out', outLabel), realPathOf(cacheDir, '--cache-dir', cacheLabel)];
  if (within(realCache, realOut)) throw new UsageProblemError(`--cache-dir ${cacheLabel} is ${realCache === realOut ? 'the output folder' : `inside the output folder ${outLabel}`}; the cache would be published with the site`, { hint });
  const beside = `.${path.basename(realOut)}-`;
  const firstBelowParent = path.relative(path.dirname(realOut), realCache).split(path.sep)[0] ?? '';
  if (within(realCache, path.dirname(realOut)) && firstBelowParent.startsWith(beside))
    throw new UsageProblemError(`--cache-dir ${cacheLabel} is inside ${firstBelowParent}, a folder a build swaps with ${outLabel}`, { hint });
  if (within(realOut, realCache)) throw new UsageProblemError(`--out ${outLabel} is inside the build cache ${cacheLabel}`, { hint: 'Give --out a folder outside the build cache.' });
  const stats = lstatSync(cacheDir, { throwIfNoEntry: false });
  if (stats && !stats.isDirectory())
    throw new UsageProblemError(`--cache-dir ${cacheLabel} is ${stats.isSymbolicLink() ? 'a symbolic link' : 'a file'}, not a folder`, { hint: 'Give --cache-dir a folder (it is made if it does not exist), or leave it out for node_modules/.cache/site.' });
  await assertReplaceableOutput(outDir, { label: outLabel });
  // The new site is put together beside out/ and swapped in: a folder above out/ that takes
  // no new folders is said now, not once the pages are rendered.
  const refusal = refusalAbove(besideOut(outDir).staging);
  if (refusal?.code === 'EACCES' || refusal?.code === 'EPERM')
    throw new BuildProblemError(`--out ${outLabel}: the build puts the new site together beside it and swaps it in, but this user may not write in ${labelOf(path.dirname(outDir))} (${refusal.code})`, {
      hint: 'Give this user write access to the folder above the output folder, or choose an --out inside a folder it can write.',
    });
  if (refusal) throw fileSystemProblem(refusal) ?? refusal;
  return { outDir, outLabel, cacheDir };
}
