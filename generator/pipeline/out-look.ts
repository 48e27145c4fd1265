import { Worker } from 'node:worker_threads';

/*
 * Looking at each of out/'s files (one lstat each: ~0.1 s for 30,000 files) is the largest
 * part of an edit's build that does not depend on the edit. A build that has something to
 * do starts the look in a worker thread at once (from 2,000 files: lookAtOut in
 * last-output.ts), and reads and keys the content meanwhile; by the time it opens out/,
 * the look is done. A build with nothing to do looks in its own thread: it has nothing to
 * overlap the look with.
 */

/**
 * What a look at out/ found: the files that their time alone does not vouch for (missing,
 * not a plain file, or changed at or after `before`: its ctime, see last-output.ts), and
 * when the look began.
 */
export interface OutLook {
  untrusted: ReadonlySet<string>;
  at: number;
}

/** Looks at `files` under `dir` in a worker thread. */
export function lookAside(dir: string, files: readonly string[], before: number): Promise<OutLook> {
  const at = Date.now();
  const worker = new Worker(new URL('./out-look-worker.js', import.meta.url), { workerData: { dir, files: files.join('\n'), before } });
  return new Promise<OutLook>((resolve, reject) => {
    worker.once('message', (untrusted: string) => resolve({ untrusted: new Set(untrusted ? untrusted.split('\n') : []), at }));
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}
