import { readFileSync } from 'node:fs';
import type { Committed, OutputWriter } from './output-writer.ts';

/*
 * site dev's output: the site in memory, served from there. It is put together beside
 * the one being served and replaces it whole on commit, as out/ is swapped.
 */

/** A site in memory: every file's identity and bytes, by its path under out/. */
export type MemorySite = ReadonlyMap<string, { id: string; contents: string | Uint8Array }>;

/** An output into memory, over `served` (the site served now, which it starts from), handing each committed site to `onCommit`. */
export function memoryOutput(served: MemorySite, onCommit: (site: MemorySite) => void): OutputWriter {
  const next = new Map(served);
  return {
    holds: (file, id) => next.get(file)?.id === id,
    write(file, id, contents) {
      next.set(file, { id, contents });
    },
    copy(file, id, from) {
      next.set(file, { id, contents: readFileSync(from) });
    },
    commit(files, beforeSwap) {
      const written: string[] = [];
      for (const [file, id] of files) if (served.get(file)?.id !== id) written.push(file);
      const removed = [...served.keys()].filter((file) => !files.has(file));
      for (const file of next.keys()) if (!files.has(file)) next.delete(file);
      const committed: Committed = { written, removed, out: { folder: 'memory', at: Date.now() }, spare: null };
      beforeSwap?.(committed);
      onCommit(next);
      return committed;
    },
    abort() {},
  };
}
