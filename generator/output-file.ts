/** One file of the site, ready to write: a path under out/ and its bytes. */
export interface OutputFile {
  file: string;
  contents: string | Uint8Array;
  /** Take this file's bytes instead (a cached social card, linked or copied); `contents` is then empty. */
  copyFrom?: string;
}
