import v8 from 'node:v8';
import vm from 'node:vm';

/*
 * Rendering thousands of pages promotes a steady stream of short-lived objects (each
 * batch's HTML, scans and write requests outlive a few young-generation collections) into
 * the old generation, and V8 lets that grow to several times the live heap before it
 * collects: a 10,000-course build peaked at 430 MB with a live heap of 40 MB. The build
 * knows better when its garbage is done with, so after each piece of work (a page
 * rendered, a batch checked and handed to the writer) it collects whenever the heap has
 * grown by `headroomMb` since the last collection, counting the bytes its objects hold
 * outside it (each page is kept as a Buffer until written, freed with its object). Per page, so that one large page is
 * collected after at once: React holds a page's whole tree until its HTML is done, and
 * /ebooks with 1,000 books (2.8 MB of HTML) took 36 MB of heap.
 */

export interface HeapPacer {
  /**
   * Called after a piece of work: collects if the heap, and the bytes its objects hold
   * outside it, grew past the headroom. `outsideBytes`: what the work allocated outside
   * the heap (a page kept as a Buffer), which V8's statistics are slow to read.
   */
  afterWork(outsideBytes?: number): void;
  /** Collections made so far. */
  readonly collections: number;
}

/**
 * How much the heap may grow between two collections: about half a second of rendering
 * (a full collection of the ~40 MB live heap of 10,000 courses takes ~15 ms).
 */
export const HEAP_HEADROOM_MB = 16;

export function createHeapPacer(
  options: { headroomMb?: number; collect?: (() => void) | null; usedBytes?: () => number } = {},
): HeapPacer {
  const collect = options.collect === undefined ? availableGc() : options.collect;
  const usedBytes = options.usedBytes ?? (() => v8.getHeapStatistics().used_heap_size);
  const headroom = (options.headroomMb ?? HEAP_HEADROOM_MB) * 1024 * 1024;
  let floor = usedBytes();
  let collections = 0;
  // Bytes allocated outside the heap since the last collection, as the caller counted them.
  let outside = 0;
  return {
    afterWork(outsideBytes = 0) {
      outside += outsideBytes;
      if (!collect || usedBytes() + outside < floor + headroom) return;
      collect();
      collections += 1;
      floor = usedBytes();
      outside = 0;
    },
    get collections() {
      return collections;
    },
  };
}

/** This thread's pacer (a worker thread has its own), made on first use. */
export function paceHeap(outsideBytes = 0): void {
  (threadPacer ??= createHeapPacer()).afterWork(outsideBytes);
}
let threadPacer: HeapPacer | undefined;

/**
 * A young-generation collection (about a millisecond), where `gc` can be had; else
 * nothing. For native objects V8 cannot see the size of: resvg's rendered images hold a
 * 3 MB pixmap behind a small wrapper, freed only when the wrapper is collected, so a cold
 * build of 1,000 cards otherwise held hundreds of MB of pixmaps waiting for a collection.
 */
export function collectYoung(): void {
  availableGc()?.({ type: 'minor' });
}

/**
 * A full collection now, where `gc` can be had. For the moments the build knows much of
 * the heap has just become garbage: content.yaml's parse tree once the site's data is
 * derived, the client bundle once it is written.
 */
export function collectAll(): void {
  availableGc()?.();
}

/**
 * Keeps V8's young generation at the size it has now (8 MB once the CLI has started)
 * until the returned function is called. V8 otherwise grows it to 32 MB as soon as a
 * build allocates steadily: 24 MB of memory for a collector that then runs a quarter as
 * often, which rendering does not need (its objects die young either way). The flag is
 * one V8 reads each time it would grow the space; it is restored, like every flag here,
 * because flags are part of what the launcher's code cache is checked against.
 */
export function holdYoungGeneration(): () => void {
  try {
    v8.setFlagsFromString('--semi-space-growth-factor=1');
  } catch {
    return () => {};
  }
  return () => v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}

/** V8's default for --semi-space-growth-factor (Node 20 to 24). */
const DEFAULT_GROWTH_FACTOR = 2;

/** V8's `gc` extension: a full collection, or a young-generation one with `{ type: 'minor' }`. */
type Gc = (options?: { type: 'minor' | 'major' }) => void;

/** V8's `gc`, looked up once per thread; null where it cannot be had. */
function availableGc(): Gc | null {
  if (gc === undefined) gc = exposedGc();
  return gc;
}
let gc: Gc | null | undefined;

/**
 * V8's full collection, which Node only offers behind --expose-gc. The flag is set just long
 * enough to make a context that has `gc`, then cleared: flags are part of what V8's code
 * cache is checked against (bin/site.js runs the CLI from one), so they end as they began.
 */
function exposedGc(): Gc | null {
  try {
    if (typeof (globalThis as { gc?: unknown }).gc === 'function') return (globalThis as unknown as { gc: Gc }).gc;
    v8.setFlagsFromString('--expose-gc');
    try {
      return vm.runInNewContext('gc') as Gc;
    } finally {
      v8.setFlagsFromString('--no-expose-gc');
    }
  } catch {
    return null;
  }
}
