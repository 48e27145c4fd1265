import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants } from 'node:zlib';

/**
 * The encoder's parameters as the `brotli` tool sets them for a file it knows the length
 * of: the smallest window that reaches back over the whole file, and the length as a hint.
 * Node's own default is the largest window whatever the input (4 MB, and an 8 MB ring
 * buffer for any input over 256 KB); sized to the file, the encoder's memory is too.
 */
function paramsFor(contents: string | Uint8Array, quality: number, maxWindow: number = constants.BROTLI_MAX_WINDOW_BITS) {
  const length = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.length;
  let window = constants.BROTLI_MIN_WINDOW_BITS;
  while ((1 << window) - 16 < length && window < maxWindow) window += 1;
  return { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_LGWIN]: window, [constants.BROTLI_PARAM_SIZE_HINT]: length } };
}

/** The bound's largest window: 256 KB (see brotliBound). */
const BOUND_WINDOW = 18;

/** The size of `contents` compressed with brotli at quality 11, as a host precompresses (`brotli -q 11`). */
export function brotliSize(contents: string | Uint8Array): number {
  return brotliCompressSync(contents, paramsFor(contents, 11)).length;
}

const compress = promisify(brotliCompress);

/** brotliSize, compressed in Node's thread pool while this thread goes on. */
export async function brotliSizeInPool(contents: string | Uint8Array): Promise<number> {
  return (await compress(contents, paramsFor(contents, 11))).length;
}

/** Runs `each` on every item, `lanes` at a time, each lane taking the next item as it finishes one. */
export async function inLanes<T>(items: readonly T[], lanes: number, each: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await each(item);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/**
 * The brotli sizes of several files (as brotliSize), compressed in Node's thread pool while
 * this thread goes on with the build: one file per core at a time, the largest first. The
 * largest file's compression bounds the time; more at once than there are cores would
 * only share its core with the others.
 */
export async function brotliSizes(contents: readonly (string | Uint8Array)[], cores = availableParallelism()): Promise<number[]> {
  const lengths = contents.map((each) => (typeof each === 'string' ? Buffer.byteLength(each) : each.length));
  const largestFirst = contents.map((_, index) => index).sort((a, b) => lengths[b]! - lengths[a]!);
  const sizes: number[] = [];
  await inLanes(largestFirst, cores, async (index) => {
    sizes[index] = await brotliSizeInPool(contents[index]!);
  });
  return sizes;
}

/**
 * The size of `contents` compressed with brotli at quality 5: far faster
 * than quality 11, and larger (by 15–20% on the site's pages), as quality 11 tries all that
 * 5 does and more. A bound to check a budget against before paying for the exact figure.
 * Its window stops at 256 KB: a smaller window can only make the bound larger (by under 5%
 * on a 3 MB page of a thousand books), and the encoder's memory stays a few MB whatever
 * the page.
 */
export function brotliBound(contents: string | Uint8Array): number {
  return brotliCompressSync(contents, paramsFor(contents, 5, BOUND_WINDOW)).length;
}
