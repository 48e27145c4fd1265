/** One file of the site, ready to write: a path under out/ and its bytes. */
export interface OutputFile {
  file: string;
  contents: string | Uint8Array;
}
