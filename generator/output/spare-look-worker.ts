/* The look at the spare of spare-look.ts, in its worker thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { checkFolder } from './folder-state.ts';
import type { SpareLookRequest } from './spare-look.ts';

const { spare, state, paths, ids } = workerData as SpareLookRequest;
const recorded = new Map(paths.map((file, index) => [file, ids[index]!]));
parentPort!.postMessage(checkFolder(spare, state, recorded, new Set(state.differs)));
