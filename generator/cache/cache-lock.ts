import { randomBytes } from 'node:crypto';
import { lstatSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { onExit } from 'signal-exit';
import { makeFolders, readTextNow } from './on-disk.ts';
import { isAlive } from './process-alive.ts';

/*
 * One build at a time per cache: a build reads the last build's record and at the end
 * replaces it and lets go of what the new site no longer has; two at once could let go of
 * files the other is about to take, so the second waits, as Cargo does for its build
 * folder. Node has no file locks: the lock is a file made only if absent, naming its
 * holder, who touches it every few seconds while it holds it. A lock whose holder is not
 * running, or that nobody has touched for STALE_MS (a holder that is not a build, a
 * cache copied with its lock from another machine), or that is no lock file at all (a
 * folder, a link, a named pipe), holds nothing: it is taken over, with a warning. A lock
 * never blocks for ever.
 */

/** How often the holder touches its lock, and how often a waiting build looks again. */
const REFRESH_MS = 2_000;
const POLL_MS = 100;
/** A lock untouched for this long is stale, whoever it names. */
export const STALE_MS = 20_000;

const LOCK = 'lock';

/** Who holds a lock, as its file says. */
interface Holder {
  host: string;
  pid: number;
}

/** The lock of a cache, held. */
export interface CacheLock {
  /**
   * Whether this build holds it still: not once another took it over, which it does when
   * this one was stopped (Ctrl+Z, a suspended machine) for STALE_MS.
   */
  held(): boolean;
  release(): void;
}

/**
 * Takes the lock of the cache in `dir` (which must be a folder, or nothing yet), waiting
 * while another build holds it: `onWait` is told its process id, once; `onTakeOver` why a
 * stale lock was taken over.
 */
export async function lockCache(dir: string, events: { onWait?: (pid: number) => void; onTakeOver?: (why: string) => void } = {}): Promise<CacheLock> {
  const file = path.join(dir, LOCK);
  // A token of its own besides the process: two holders in one process (a test, an
  // editor building twice), or the same pid in two containers, are told apart.
  const mine = JSON.stringify({ host: hostname(), pid: process.pid, token: randomBytes(8).toString('hex') });
  makeFolders(dir);
  let told = false;
  for (;;) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return hold(file, mine);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = readTextNow(file);
    const why = staleness(file);
    if (why) {
      if (takeOver(file, seen)) events.onTakeOver?.(`took over the lock of the build cache in ${dir}: ${why}`);
      continue;
    }
    const holder = readHolder(file);
    if (!told && holder) events.onWait?.(holder.pid);
    told = true;
    await sleep(POLL_MS);
  }
}

/** Holds the lock: touched every REFRESH_MS until released. */
function hold(file: string, mine: string): CacheLock {
  const refresh = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Taken over meanwhile (this process stalled for STALE_MS): nothing to refresh.
    }
  }, REFRESH_MS);
  refresh.unref();
  const held = () => readTextNow(file) === mine;
  const letGo = () => {
    clearInterval(refresh);
    if (held()) rmSync(file, { force: true });
  };
  // A build interrupted (Ctrl+C, a cancelled CI job, `kill`) lets go of its lock as it
  // ends, rather than leave the next build a stale lock to take over with a warning.
  const stopWatchingExit = onExit(letGo);
  return {
    held,
    release: () => {
      stopWatchingExit();
      letGo();
    },
  };
}

/** Why the lock at `file` holds nothing, or null while a live build may hold it. */
function staleness(file: string): string | null {
  const stats = lstatSync(file, { throwIfNoEntry: false });
  if (!stats) return null; // released meanwhile: the next try takes it
  if (!stats.isFile()) return 'it was not a lock file a build writes (a folder, a link or a pipe)';
  const age = Date.now() - stats.mtimeMs;
  const holder = readHolder(file);
  if (holder && holder.host === hostname() && !isAlive(holder.pid)) return `process ${holder.pid}, which held it, is not running`;
  if (age > STALE_MS) return holder ? `process ${holder.pid} on ${holder.host} has not touched it for ${Math.round(age / 1000)} s` : `it names no build and is ${Math.round(age / 1000)} s old`;
  return null;
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readTextNow(file) ?? '') as Partial<Holder>;
    return typeof holder.host === 'string' && typeof holder.pid === 'number' ? (holder as Holder) : null;
  } catch {
    return null;
  }
}

/**
 * Removes a stale lock whose text was `seen`. Claimed by a rename first, so of two builds
 * that found it stale only one removes it (and says so). Should the claimed lock not be
 * the stale one (another build took the lock in between), it is put back.
 */
function takeOver(file: string, seen: string | null): boolean {
  const claimed = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, claimed);
  } catch {
    return false;
  }
  const text = readTextNow(claimed);
  if (text !== seen && text !== null) {
    try {
      writeFileSync(file, text, { flag: 'wx' });
    } catch {
      // Taken again meanwhile: that holder's lock stands.
    }
    rmSync(claimed, { force: true });
    return false;
  }
  rmSync(claimed, { recursive: true, force: true });
  return true;
}
