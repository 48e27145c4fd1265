import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive } from '../process-alive.ts';

/*
 * One build at a time per cache: a build reads the last build's record, takes pages and
 * the client bundle from the cache, and at the end replaces the record and lets go of what
 * the new site no longer has. Two at once could let go of files the other is about to
 * take, so the second waits, as Cargo does for its build folder. Node has no file locks:
 * the lock is a file made only if absent, naming its holder; a holder that is no longer
 * running (killed), or on another machine (a cache copied with its lock), holds nothing.
 */

/** How often a waiting build looks again. */
const POLL_MS = 100;

/**
 * Takes the lock of the cache in `dir`, waiting while another running build of this machine
 * holds it (`onWait` is told its process id, once). Resolves with the function that releases it.
 */
export async function lockCache(dir: string, onWait?: (pid: number) => void): Promise<() => void> {
  const file = path.join(dir, 'lock');
  const mine = `${hostname()} ${process.pid}`;
  mkdirSync(dir, { recursive: true });
  let told = false;
  for (;;) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        if (readHolder(file) === mine) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder === null) continue; // released meanwhile
    const [host, pid] = holder.split(' ');
    if (host !== hostname() || !isAlive(Number(pid))) {
      removeStale(file, holder);
      continue;
    }
    if (!told) onWait?.(Number(pid));
    told = true;
    await sleep(POLL_MS);
  }
}

function readHolder(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Removes a lock whose holder is gone. Claimed by a rename first, so of two builds that
 * found it stale only one removes it; should the claimed file not be the stale one (a
 * build took the lock in between), it is put back.
 */
function removeStale(file: string, stale: string): void {
  const claimed = `${file}.${process.pid}`;
  try {
    renameSync(file, claimed);
  } catch {
    return; // another build claimed it first
  }
  if (readHolder(claimed) === stale) rmSync(claimed, { force: true });
  else {
    try {
      writeFileSync(file, readFileSync(claimed), { flag: 'wx' });
    } catch {
      // Taken again meanwhile: that holder's lock stands.
    }
    rmSync(claimed, { force: true });
  }
}
