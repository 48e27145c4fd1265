import { watch, type FSWatcher } from 'chokidar';

/** Editors' swap and backup files, which never feed a build. */
const IGNORED = /(^|[/\\])(\.[^/\\]+\.sw[a-p]|[^/\\]+~|\.#[^/\\]+|4913|\.DS_Store)$/;

/**
 * Watches files and folders with chokidar and reports changes in batches: events that
 * arrive within `settleMs` of each other (an editor's truncate-then-write, a save of
 * several files) become one call with every changed path. The callback is never called
 * again before its promise settles; changes meanwhile are batched for the next call.
 */
export function watchPaths(options: {
  paths: string[];
  settleMs?: number;
  onChange: (changed: Set<string>) => Promise<void>;
  /** A watcher failure (too many open files, a permission): reported, not fatal. */
  onError?: (error: Error) => void;
}): { ready: Promise<void>; close: () => Promise<void> } {
  const settleMs = options.settleMs ?? 12;
  const watcher: FSWatcher = watch(options.paths, { ignoreInitial: true, ignored: (file) => IGNORED.test(file) });
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
