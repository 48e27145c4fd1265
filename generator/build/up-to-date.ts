import type { BuildRecord } from '../cache/build-record.ts';
import { sameImages } from '../images/image-stamps.ts';
import { checkFolder, type FolderState } from '../output/folder-state.ts';
import type { BuildInputs } from './read-inputs.ts';

/**
 * Whether the last build's out/ is the site these inputs make, so the build has nothing
 * to do: the same inputs (content, code, options), image files and login gate, and out/ as
 * that build left it, every file there and nothing added (folder-state.ts). Returns out/'s
 * state as found (a newer one when recent files had to be checked by their bytes), or null.
 */
export function upToDate(record: BuildRecord | null, inputs: BuildInputs, context: { outDir: string; loginHash: string | null }): FolderState | null {
  if (!record || record.inputs !== inputs.digest || record.outDir !== context.outDir || record.login.hash !== context.loginHash || !sameImages(record.images)) return null;
  const found = checkFolder(context.outDir, record.out, record.files);
  if (!found || found.strays.length > 0 || found.misfitFolders.length > 0 || found.held.size !== record.files.size) return null;
  return found.state;
}
