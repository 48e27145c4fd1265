import type { FolderState, SpareState } from './folder-state.ts';

/* Where a build puts the site it makes: out/ (write-output.ts) or, for site dev, memory (memory-output.ts). */

/** The files the new site writes or removes against the last build's. */
export interface Written {
  written: string[];
  removed: string[];
}

/** What a commit did, and the folder states to record. */
export interface Committed extends Written {
  out: FolderState;
  spare: SpareState | null;
}

/** A new site being put together, then swapped in whole. */
export interface OutputWriter {
  /** Whether the site being put together holds `file` with the bytes of identity `id`. */
  holds(file: string, id: string): boolean;
  /** Puts a file whose bytes are in hand (a page just rendered, a file every site has). */
  write(file: string, id: string, contents: string | Uint8Array): void;
  /** Puts a file whose bytes are in the file `from` (checked against `id` by the caller). */
  copy(file: string, id: string, from: string): void;
  /**
   * Makes the site exactly `files` (every file and its identity, each put or held), and
   * swaps it in. `beforeSwap` is told what the swap will leave, once nothing but the swap
   * is left to do: should it throw, nothing is swapped.
   */
  commit(files: ReadonlyMap<string, string>, beforeSwap?: (committed: Committed) => void): Committed;
  /** Lets go of everything written; what visitors are served stays as it was. */
  abort(): void;
}
