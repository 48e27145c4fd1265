/** Marks the data a render worker is started with (render-pool.ts). No imports: the CLI entry checks it on every start. */
export const RENDER_WORKER_FLAG = 'siteRenderWorker';

/** Whether a thread's workerData says it is a render worker. */
export function isRenderWorker(workerData: unknown): boolean {
  return typeof workerData === 'object' && workerData !== null && (workerData as Record<string, unknown>)[RENDER_WORKER_FLAG] === true;
}
