import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compiledFrom } from './code-version.ts';
import { digest } from './digest.ts';
import { keepOnly, makeFolder, makeFolders, readFileNow } from './on-disk.ts';

/*
 * A folder of files made together by one step of the build (the client bundle, the
 * server side of site/ compiled) and kept in the cache whole: files.json lists each file
 * with the hash of its bytes, and what the step says about them. The folder is taken back
 * only when every file it lists is there and matches its hash; anything else is a damaged
 * folder, made again by its step.
 */

/** A file of a kept folder: its path in the folder, its identity and its bytes. */
export interface KeptFile {
  file: string;
  id: string;
  contents: Uint8Array;
}

/** The list of a kept folder. */
export const KEPT_LIST = 'files.json';

interface KeptList<T> {
  files: { file: string; id: string }[];
  about: T;
}

/**
 * The files kept in `folder`, every one intact, and what was kept about them; null when
 * nothing is kept there; what is damaged when the list cannot be read or lists nothing,
 * or a file is missing, unreadable or does not match its hash.
 */
export function readKeptFiles<T>(folder: string): { files: KeptFile[]; about: T } | { damaged: string } | null {
  let list: KeptList<T>;
  try {
    list = JSON.parse(readFileNow(path.join(folder, KEPT_LIST), 'utf8')) as KeptList<T>;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : { damaged: `${KEPT_LIST} cannot be read` };
  }
  const files: KeptFile[] = [];
  for (const { file, id } of Array.isArray(list?.files) ? list.files : []) {
    const name = String(file);
    // A listed path reaching out of the folder is a damaged list, never a file to read.
    if (path.isAbsolute(name) || name.split(/[\\/]/).includes('..')) return { damaged: `${KEPT_LIST} lists ${name}` };
    let contents: Buffer;
    try {
      contents = readFileNow(path.join(folder, name));
    } catch {
      return { damaged: `${name} is missing` };
    }
    if (digest(contents) !== id) return { damaged: `${name} does not match its hash` };
    files.push({ file: name, id, contents });
  }
  if (files.length === 0) return { damaged: `${KEPT_LIST} lists no files` };
  return { files, about: list.about };
}

/**
 * Keeps `files` in `folder` with `about`, replacing whatever stood there: written beside,
 * then renamed, so that two builds at once, or one killed, never leave half a folder.
 * Returns the files with their identities.
 */
export function keepFiles(folder: string, files: readonly { file: string; contents: Uint8Array }[], about: unknown): KeptFile[] {
  const kept = files.map(({ file, contents }) => ({ file, id: digest(contents), contents }));
  makeFolder(path.dirname(folder));
  const temporary = `${folder}.${process.pid}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  for (const { file, contents } of kept) {
    const target = path.join(temporary, file);
    makeFolders(path.dirname(target));
    writeFileSync(target, contents);
  }
  const list: KeptList<unknown> = { files: kept.map(({ file, id }) => ({ file, id })), about };
  writeFileSync(path.join(temporary, KEPT_LIST), JSON.stringify(list));
  try {
    renameSync(temporary, folder);
  } catch {
    // Something stands there. Another build kept these very files meanwhile, whole: that
    // copy stays, as a build may be reading it. Anything else is replaced.
    const other = readKeptFiles(folder);
    const same = other && 'files' in other && other.files.length === kept.length && kept.every(({ file, id }) => other.files.some((listed) => listed.file === file && listed.id === id));
    if (same) {
      rmSync(temporary, { recursive: true, force: true });
      return kept;
    }
    rmSync(folder, { recursive: true, force: true });
    renameSync(temporary, folder);
  }
  return kept;
}

/**
 * What a step compiles (the client bundle, site/ for the server, the editor's script),
 * kept in `dir` in a folder named by the version of its sources (`versionOf`): the kept
 * files when that folder holds them whole (unless `fresh`); otherwise compiled under the
 * version its sources had before and after (code-version.ts compiledFrom), and kept, and
 * the other versions in `dir` go (with `othersInUse`, not in their first hour: another
 * process may be loading one). A damaged folder is told to `onDamaged`, and compiled again.
 */
export async function keptCompilation<T>(options: {
  dir: string;
  /** What is compiled, as a problem names it: "site/". */
  sources: string;
  versionOf: () => string;
  compile: () => Promise<{ files: readonly { file: string; contents: Uint8Array }[]; about: T }>;
  /** Files the folder must list (what is loaded from it by name); a list without one is damaged. */
  needs?: readonly string[];
  fresh?: boolean;
  othersInUse?: boolean;
  onDamaged?: (why: string) => void;
}): Promise<{ folder: string; files: KeptFile[]; about: T; compiled: boolean }> {
  if (!options.fresh) {
    const folder = path.join(options.dir, options.versionOf());
    const kept = readKeptFiles<T>(folder);
    const unlisted = kept && 'files' in kept ? options.needs?.find((name) => !kept.files.some((file) => file.file === name)) : undefined;
    if (kept && 'files' in kept && !unlisted) return { folder, ...kept, compiled: false };
    if (kept) options.onDamaged?.('damaged' in kept ? kept.damaged : `${unlisted} is not listed`);
  }
  const { version, compiled } = await compiledFrom(options.sources, options.versionOf, options.compile);
  const folder = path.join(options.dir, version);
  const files = keepFiles(folder, compiled.files, compiled.about);
  keepOnly(options.dir, version, { inUse: options.othersInUse });
  return { folder, files, about: compiled.about, compiled: true };
}
