import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from './render.ts';

/**
 * Writes the site atomically: every file goes into a fresh sibling folder, which then
 * replaces `outDir` with two renames. A build that fails or is killed before the swap
 * leaves the previous out/ exactly as it was.
 */
export async function writeOutput(options: { outDir: string; files: readonly OutputFile[] }): Promise<void> {
  const outDir = path.resolve(options.outDir);
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const staging = path.join(parent, `.${base}-staging-${process.pid}`);
  const previous = path.join(parent, `.${base}-previous-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  try {
    const folders = new Set(options.files.map((file) => path.dirname(path.join(staging, file.file))));
    for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
    await Promise.all(options.files.map((file) => writeFile(path.join(staging, file.file), file.contents)));
    let hadPrevious = true;
    try {
      await rename(outDir, previous);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      hadPrevious = false;
    }
    await rename(staging, outDir);
    if (hadPrevious) await rm(previous, { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
