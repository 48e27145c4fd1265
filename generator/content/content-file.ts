import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { READ_NOW } from '../cache/digest.ts';
import path from 'node:path';
import { ContentProblemError } from '../problems/errors.ts';
import { codeFrame } from './problems/locate.ts';

/*
 * The content file as a file: its name in problems, its bytes (what a build hashes before
 * it reads anything) and its text (what is parsed, and what problems are located in).
 */

/** The content file's name as problems print it (problems/display-path.ts). */
export { displayPath as contentDisplayName } from '../problems/display-path.ts';

/**
 * The content file's bytes; a missing or unreadable file is a problem said in plain words.
 * It is opened without waiting and must be a file: a named pipe that nothing writes to
 * would hold the command for good, Ctrl+C included (the build's cleanup on Ctrl+C runs
 * between steps, never inside a read that waits).
 */
export function readContentBytes(file: string, displayName: string): Buffer {
  const problem = (code: string | undefined) => new ContentProblemError([{ path: '', ...unreadable(displayName, code) }]);
  let fd: number;
  try {
    fd = openSync(file, READ_NOW);
  } catch (error) {
    throw problem((error as NodeJS.ErrnoException).code);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw problem('EISDIR');
    if (!stats.isFile()) throw problem('not a file');
    if (stats.size > MAX_CONTENT_BYTES) throw new ContentProblemError([{ path: '', ...tooLarge(displayName, stats.size) }]);
    return readFileSync(fd);
  } catch (error) {
    if (error instanceof ContentProblemError) throw error;
    throw problem((error as NodeJS.ErrnoException).code);
  } finally {
    closeSync(fd);
  }
}

/**
 * The largest content file site reads: it is read whole into one string, parsed, and kept
 * as data, and a file near the longest string Node can hold (about 512 MB) cannot be.
 * A site of 10,000 courses is about 6 MB.
 */
export const MAX_CONTENT_BYTES = 256 * 1024 * 1024;

function tooLarge(displayName: string, size: number): { message: string; hint: string } {
  const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
  return {
    message: `${displayName} is ${megabytes(size)}, more than a content file can be (${megabytes(MAX_CONTENT_BYTES)})`,
    hint: 'Check that --content names the right file: a site of 10,000 courses takes about 6 MB.',
  };
}

/** Why the content file could not be read, and what to do about it. */
function unreadable(displayName: string, code: string | undefined): { message: string; hint?: string } {
  switch (code) {
    case 'ENOENT':
      return { message: `cannot find ${displayName}`, hint: 'Run the command in the project folder, or name the file with --content FILE.' };
    case 'not a file':
      return { message: `${displayName} is not a file (a named pipe, a socket or a device)`, hint: 'Name the content file itself: site reads it whole, as a file.' };
    case 'EISDIR':
      return { message: `${displayName} is a folder, not a file`, hint: `Name the content file itself: --content ${path.join(displayName, 'content.yaml')}, for example.` };
    case 'ENOTDIR':
      return { message: `cannot find ${displayName}: a part of its path is a file, not a folder`, hint: 'Name the file with --content FILE.' };
    case 'EACCES':
    case 'EPERM':
      return { message: `cannot read ${displayName}: permission denied`, hint: 'Give this user read access to the file.' };
    default:
      return { message: `cannot read ${displayName} (${code ?? 'unknown error'})` };
  }
}

/** The file's text. Decoded strictly: a byte sequence that is not UTF-8 is a located problem, not a silent U+FFFD. */
export function decodeContent(bytes: Uint8Array, displayName: string): string {
  const utf16 = utf16ByteOrder(bytes);
  if (utf16) {
    // Saved as "Unicode" by a Windows editor: told as such, and shown as the editor shows it.
    const text = new TextDecoder(utf16).decode(bytes);
    const location = { file: displayName, line: 1, column: 1 };
    throw new ContentProblemError([
      { path: '', message: 'the file is UTF-16, not UTF-8', hint: 'Save it again with UTF-8 encoding (in Notepad: File > Save as, Encoding: UTF-8).', location, frame: codeFrame(text, location) },
    ]);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    const lenient = new TextDecoder('utf-8').decode(bytes);
    const offset = lenient.indexOf('\uFFFD');
    const before = lenient.slice(0, offset);
    const location = { file: displayName, line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
    throw new ContentProblemError([
      { path: '', message: 'the file is not valid UTF-8', hint: 'Save the file with UTF-8 encoding.', location, frame: codeFrame(lenient, location) },
    ]);
  }
}

/** The UTF-16 encoding a byte-order mark at the start of `bytes` names, if any. */
function utf16ByteOrder(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}
