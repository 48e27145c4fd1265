import { statSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

/** Editors' swap and backup files, which never feed a build. */
const IGNORED = /(^|[/\\])(\.[^/\\]+\.sw[a-p]|[^/\\]+~|\.#[^/\\]+|4913|\.DS_Store)$/;

/**
 * Watches files and folders with chokidar and reports changes in batches: events that
 * arrive within `settleMs` of each other (an editor's truncate-then-write, a save of
 * several files) become one call with every changed path. The callback is never called
 * again before its promise settles; changes meanwhile are batched for the next call.
 *
 * A file is watched through its folder, as webpack's watchpack does: chokidar watching the
 * file itself loses it once it is deleted, so a content.yaml deleted and made again (a
 * branch switched, an editor that saves by replacing the file) would never be seen again.
 */
export function watchPaths(options: {
  paths: string[];
  settleMs?: number;
  onChange: (changed: Set<string>) => Promise<void>;
  /** A watcher failure (too many open files, a permission): reported, not fatal. */
  onError?: (error: Error) => void;
}): { ready: Promise<void>; close: () => Promise<void> } {
  const settleMs = options.settleMs ?? 12;
  const folders = options.paths.filter(isFolder).map((entry) => path.resolve(entry));
  const files = new Set(options.paths.map((entry) => path.resolve(entry)).filter((entry) => !folders.includes(entry)));
  const filesFolders = new Set([...files].map((file) => path.dirname(file)));
  /** Whether an event at `entry` is watched: a watched file, anything in a watched folder, or the folder a file is watched through. */
  const watched = (entry: string): boolean => {
    const full = path.resolve(entry);
    return files.has(full) || filesFolders.has(full) || folders.some((folder) => full === folder || full.startsWith(folder + path.sep));
  };
  const watcher: FSWatcher = watch([...folders, ...filesFolders], { ignoreInitial: true, ignored: (entry) => IGNORED.test(entry) || !watched(entry) });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const flush = () => {
    timer = undefined;
    if (running || pending.size === 0) return;
    const batch = pending;
    pending = new Set();
    running = options.onChange(batch).finally(() => {
      running = undefined;
      if (pending.size > 0) flush();
    });
  };
  watcher.on('error', (error) => options.onError?.(error as Error));
  watcher.on('all', (_event, file) => {
    pending.add(file);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, settleMs);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    close: async () => {
      if (timer) clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}

/** Whether a folder stands at `entry` (not when nothing does, or the path runs through a file). */
function isFolder(entry: string): boolean {
  try {
    return statSync(entry).isDirectory();
  } catch {
    return false;
  }
}
