import { statSync } from 'node:fs';

/*
 * What a build records of its image sources, so that the next can tell, without reading
 * content.yaml or any image, that none changed: each file's size, modification time,
 * status change time (ctime) and inode. An image replaced by another, or saved over,
 * changes one of them; the ctime even when the copy keeps the size and the old
 * modification time (cp -p), since nothing can set it back.
 */

export type ImageStamps = Record<string, string>;

/** A file's stamp: its size, modification and status change times, and inode; "missing" when absent. */
export function stampOf(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false, bigint: true });
  return stats ? `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}` : 'missing';
}

/** Whether every source is as stamped. */
export function sameImages(stamps: ImageStamps): boolean {
  return Object.entries(stamps).every(([file, stamp]) => stampOf(file) === stamp);
}
