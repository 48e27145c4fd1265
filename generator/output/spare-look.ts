import { Worker } from 'node:worker_threads';
import { besideOut, recoverInterruptedWrite } from './beside-out.ts';
import { checkFolder, type FolderCheck } from './folder-state.ts';
import type { LastOutput } from './write-output.ts';

/*
 * Looking at the spare (an lstat of each of its files and folders, 40,000 at 10,000
 * courses) is the largest part of an edit's build that does not depend on the edit. A
 * large site looks in a worker thread, started as soon as the record is read, while this
 * thread reads the content; by the time out/ is opened, the look is done. A small site
 * looks on the spot: a worker takes longer to start than the look (README.md, figures).
 */

/** From this many files in the last build's site, the spare is looked at in a worker thread. */
export const LOOK_ASIDE_FROM = 2000;

/** The data a look in a worker is sent. */
export interface SpareLookRequest {
  spare: string;
  state: NonNullable<LastOutput['spare']>;
  paths: string[];
  ids: string[];
}

/**
 * Starts the look at the spare beside `outDir` as the last build's record describes it
 * (null when the record knows no spare). A build killed while writing is cleaned up after
 * first (beside-out.ts).
 */
export function lookAtSpare(outDir: string, last: LastOutput | null): Promise<FolderCheck | null> {
  recoverInterruptedWrite(outDir);
  const state = last?.spare;
  if (!last || !state) return Promise.resolve(null);
  const { spare } = besideOut(outDir);
  if (last.files.size < LOOK_ASIDE_FROM) return Promise.resolve(checkFolder(spare, state, last.files, new Set(state.differs)));
  const request: SpareLookRequest = { spare, state, paths: [...last.files.keys()], ids: [...last.files.values()] };
  const worker = new Worker(new URL('./spare-look-worker.ts', import.meta.url), { workerData: request });
  return new Promise<FolderCheck | null>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}
