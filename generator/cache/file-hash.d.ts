/** The hash an identity is made with (digest.ts). */
export declare const ALGORITHM: 'sha1';

/**
 * How a file is opened to be read: without waiting. A named pipe put where a file was,
 * after the file was looked at, then reads as empty (or fails) instead of blocking the
 * build for good; a regular file reads as ever.
 */
export declare const READ_NOW: number;

/** The identity of a file's bytes, read a piece at a time (a file is never held whole). */
export declare function digestFile(file: string): string;
