import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { CACHE_ROOT, PACKAGE_ROOT } from '../paths.ts';
import { colorsFor, formatMs, formatProblems } from '../report.ts';
import { serverUrl } from '../serve/serve.ts';
import { removeStaleBundles } from './bundlers.ts';
import { createDevSession, type DevUpdate } from './session.ts';
import { broadcastVersion, devHandler, startDevServer } from './server.ts';
import { watchPaths } from './watch.ts';

export interface DevOptions {
  contentFile: string;
  host: string;
  port: number;
  quiet?: boolean;
  verbose?: boolean;
  /** Resolves to stop the server; by default the first SIGINT (Ctrl+C) or SIGTERM. */
  until?: Promise<void>;
}

/** The first SIGINT or SIGTERM. A second Ctrl+C while closing falls back to Node's default: exit at once. */
function interrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * `site dev`: builds in memory, serves on host:port, rebuilds what a change needs and tells
 * open tabs to reload. Resolves after Ctrl+C, once the watcher, the esbuild contexts and
 * the server are closed.
 */
export async function runDev(options: DevOptions): Promise<void> {
  const out = colorsFor(process.stdout);
  const err = colorsFor(process.stderr);
  const cwd = process.cwd();
  const shown = path.relative(cwd, options.contentFile) || options.contentFile;
  const until = options.until ?? interrupted();
  // React's server renderer is several times faster in production mode, and the browser
  // bundle is built for production too; set before the server bundle first imports React.
  process.env.NODE_ENV ??= 'production';
  const cacheParent = path.join(CACHE_ROOT, 'dev');
  await removeStaleBundles(cacheParent);
  const session = await createDevSession({
    root: PACKAGE_ROOT,
    contentFile: options.contentFile,
    cwd,
    env: process.env,
    cacheDir: path.join(cacheParent, String(process.pid)),
    imagesDir: path.join(CACHE_ROOT, 'images'),
    onWarning: (message) => process.stderr.write(`${err.yellow('warning:')} ${message}\n`),
  });

  const clients = new Set<ServerResponse>();
  let hadProblems = false;
  const report = (update: DevUpdate, first: boolean) => {
    const fixed = hadProblems && update.problems.length === 0;
    hadProblems = update.problems.length > 0;
    if (update.problems.length > 0) {
      const served = session.snapshot().files ? 'serving the last good build' : 'nothing to serve until it is fixed';
      process.stderr.write(`${formatProblems(update.problems, err)} ${err.dim(`(${served})`)}\n`);
    }
    if (options.verbose) for (const stage of update.stages) process.stderr.write(`${err.dim('•')} ${stage.name.padEnd(9)} ${formatMs(stage.ms).padStart(7)}\n`);
    if (options.quiet || first || update.problems.length > 0) return;
    const what = update.changed.length > 3 ? `${update.changed.slice(0, 3).join(', ')} and ${update.changed.length - 3} more` : update.changed.join(', ');
    process.stdout.write(`${out.green(fixed ? '✓' : '↻')} ${what}: ${fixed ? 'fixed, ' : ''}${update.rendered} of ${update.pages} pages rendered in ${formatMs(update.ms)}${options.verbose ? out.dim(` (${clients.size} tabs told to reload)`) : ''}\n`);
  };

  let server;
  let watcher: ReturnType<typeof watchPaths> | undefined;
  try {
    const first = (await session.update('all'))!;
    report(first, true);
    server = await startDevServer({ host: options.host, port: options.port, handler: devHandler({ snapshot: session.snapshot, clients }) });
    // Watching before saying so: a save in the first moments (chokidar first walks site/)
    // would otherwise go unnoticed.
    watcher = watchPaths({
      paths: session.watched,
      onChange: async (changed) => {
        const update = await session.update(changed);
        if (!update) return;
        broadcastVersion(clients, update.version);
        report(update, false);
      },
      onError: (error) => process.stderr.write(`${err.yellow('warning:')} watching files failed: ${error.message}\n`),
    });
    await watcher.ready;
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : options.port;
    const url = out.bold(serverUrl(options.host, port));
    const watching = `watching ${shown}, site/ and templates/ (Ctrl+C to stop)`;
    if (first.problems.length > 0)
      process.stdout.write(`${out.red('✗')} site dev at ${url}: nothing to show until the problems above are fixed; ${watching}\n`);
    else if (!options.quiet) process.stdout.write(`${out.green('✓')} site dev: ${first.pages} pages at ${url} in ${formatMs(first.ms)}; ${watching}\n`);
  } catch (error) {
    await watcher?.close();
    server?.close();
    await session.dispose();
    throw error;
  }

  await until;
  if (!options.quiet) process.stdout.write(`${out.dim('stopping…')}\n`);
  await watcher.close();
  for (const client of clients) client.end();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await session.dispose();
}
