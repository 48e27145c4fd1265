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

/**
 * The brotli sizes of several files at once (as brotliSize), compressed in Node's thread
 * pool: on several cores at once, while this thread goes on with the build.
 */
export async function brotliSizes(contents: readonly (string | Uint8Array)[]): Promise<number[]> {
  return Promise.all(contents.map(async (each) => (await compress(each, paramsFor(each, 11))).length));
}

/**
 * The size of `contents` compressed with brotli at quality 5: about a hundred times faster
 * than quality 11, and larger (by 15–20% on the site's pages), as quality 11 tries all that
 * 5 does and more. A bound to check a budget against before paying for the exact figure.
 * Its window stops at 256 KB: a smaller window can only make the bound larger (by under 5%
 * on a 3 MB page of a thousand books), and the encoder's memory stays a few MB whatever
 * the page.
 */
export function brotliBound(contents: string | Uint8Array): number {
  return brotliCompressSync(contents, paramsFor(contents, 5, BOUND_WINDOW)).length;
}
