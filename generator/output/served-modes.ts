/*
 * out/ is there to be served, by whichever user a web server runs as: its files are
 * readable by all (0644) and its folders open to all (0755), whatever the umask of the
 * build that wrote them (a CI runner's 077, say). A file or folder found with another
 * mode (set by hand, or by an older build under such a umask) is put right, as damage is.
 */

export const FILE_MODE = 0o644;
export const FOLDER_MODE = 0o755;

/** Whether a status's permission bits are `mode`. */
export function hasMode(stats: { mode: number }, mode: number): boolean {
  return (stats.mode & 0o777) === mode;
}
