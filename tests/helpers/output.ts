import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir` (dotfiles too) by its path relative to `dir`, with "/" separators. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** sha256 of every file under `dir`: equal maps mean byte-identical folders. */
export function hashTree(dir: string): Record<string, string> {
  return Object.fromEntries(listFiles(dir).map((file) => [file, createHash('sha256').update(readFileSync(path.join(dir, file))).digest('hex')]));
}

/** The width and height in a PNG's IHDR chunk. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.toString('latin1', 1, 4) !== 'PNG' || view.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}
