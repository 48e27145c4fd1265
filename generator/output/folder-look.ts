import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { FILE_MODE } from './served-modes.ts';

/*
 * A spare that no record describes (--no-cache, or a cache from elsewhere) is known only
 * by its bytes: each file is read and hashed before the site takes it as one of its own.
 * On a large site that is most of the bytes a build reads, and the build's own thread
 * renders meanwhile (README.md gives the figure). A worker thread reads them instead, on
 * another core, from the moment out/ is opened, and tells them a thousand at a time. The
 * build takes what it has told whenever it asks, without waiting for its event loop (a
 * render keeps it busy); a file not told yet, the build reads itself (write-output.ts).
 */

/** A look at a folder under way (see above). */
export interface FolderLook {
  /**
   * The identity of `file` in the folder as the look read it: '' when it is not a regular
   * file (or not there, once the look is done); undefined when the look has not told yet.
   */
  identityOf(file: string): string | undefined;
  /** Every entry of the folder, by its path with "/" separators, once the look told them all; else null. */
  entries(): string[] | null;
  stop(): void;
}

/** Starts a look at `dir` in a worker thread. */
export function lookAtFolder(dir: string): FolderLook {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./folder-look-worker.js', import.meta.url), { workerData: { dir, port: port2, fileMode: FILE_MODE }, transferList: [port2] });
  // A build that ends first does not wait for the look; a look that fails is never done.
  worker.unref();
  worker.on('error', () => {});
  const identities = new Map<string, string>();
  let done = false;
  /** Takes in what the worker told since the last call. */
  const take = () => {
    for (let told = receiveMessageOnPort(port1); told && !done; told = receiveMessageOnPort(port1)) {
      // Paths and identities in turn; null once the look has told every entry.
      const pairs = told.message as string[] | null;
      if (pairs === null) done = true;
      else for (let index = 0; index < pairs.length; index += 2) identities.set(pairs[index]!, pairs[index + 1]!);
    }
  };
  return {
    identityOf(file) {
      take();
      return identities.get(file) ?? (done ? '' : undefined);
    },
    entries() {
      take();
      return done ? [...identities.keys()] : null;
    },
    stop() {
      port1.close();
      void worker.terminate();
    },
  };
}
