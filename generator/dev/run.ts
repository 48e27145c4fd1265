import { fork, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer, Socket, type AddressInfo } from 'node:net';
import path from 'node:path';
import { colorsFor, formatMs, formatProblems } from '../problems/report.ts';
import { serverUrl } from '../serve/serve.ts';
import { handedConnections } from './handed-connections.ts';
import { createDevSession, type DevUpdate } from './session.ts';
import { terminalSessionOptions } from './session-options.ts';
import { broadcastVersion, devHandler } from './server.ts';
import { watchPaths } from './watch.ts';
import { displayPath } from '../problems/display-path.ts';

export interface DevOptions {
  contentFile: string;
  host: string;
  port: number;
  quiet?: boolean;
  verbose?: boolean;
}

/** The exit code by which the engine process asks for a new one (its code changed). */
const RESTART = 75;
/** Set in the engine process's environment: that it is the engine, and the port its address has. */
const ENGINE = 'SITE_DEV_ENGINE';
const PORT = 'SITE_DEV_PORT';

/**
 * `site dev`. The command's own process holds the address and runs the engine in a child
 * process, handing it each connection: when a file of generator/ or site/model/ changes
 * (code a process loads once), the engine exits and a new one takes its place. Meanwhile
 * connections wait for it rather than being refused, so open tabs reconnect and reload
 * without an error. Resolves after Ctrl+C.
 */
export async function runDev(options: DevOptions): Promise<void> {
  if (process.env[ENGINE] === '1' && process.send) {
    try {
      return await runEngine({ ...options, port: Number(process.env[PORT]) });
    } finally {
      // The channel to the parent would keep this process alive, after a problem too.
      if (process.connected) process.disconnect();
    }
  }
  // Connections are accepted here and passed on unread (pauseOnConnect), as Node's cluster does.
  const listener = createServer({ pauseOnConnect: true });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port, options.host, () => (listener.off('error', reject), resolve()));
  });
  const port = (listener.address() as AddressInfo).port;
  let engine: ChildProcess | null = null;
  const waiting: Socket[] = [];
  listener.on('connection', (socket) => (engine ? engine.send('connection', socket) : waiting.push(socket)));
  let stopping = false;
  let child: ChildProcess | undefined;
  // Told over the IPC channel, not by a signal: from a terminal, Ctrl+C reaches the engine
  // itself too, and a second SIGINT would stop it at once rather than let it close.
  const stop = () => {
    stopping = true;
    if (child?.connected) child.send('stop');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    for (;;) {
      const started = fork(process.argv[1]!, process.argv.slice(2), { env: { ...process.env, [ENGINE]: '1', [PORT]: String(port) }, stdio: 'inherit' });
      child = started;
      started.on('message', (message) => {
        if (message === 'ready') {
          engine = started;
          for (const socket of waiting.splice(0)) started.send('connection', socket);
        }
        // Closing (to stop, or for a new engine): connections wait from now on, and the engine
        // is told so. Messages keep their order: every connection handed to it before this
        // reaches it first, and it serves each before it exits.
        if (message === 'closing') {
          engine = null;
          if (started.connected) started.send('handed-all', undefined, {}, () => {});
        }
      });
      const code = await new Promise<number | null>((resolve) => started.once('exit', (exitCode) => resolve(exitCode)));
      engine = null;
      if (code !== RESTART || stopping) {
        if (code !== 0 && !stopping) process.exitCode = code ?? 1;
        return;
      }
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    for (const socket of waiting) socket.destroy();
    listener.close();
  }
}

/**
 * The first SIGINT or SIGTERM, the parent's word to stop, or the parent gone (killed: its
 * channel closes), as an engine left behind would go on watching files for no one. A
 * second Ctrl+C while closing falls back to Node's default: exit at once.
 */
function interrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.off('message', told);
      process.off('disconnect', stop);
      resolve();
    };
    const told = (message: unknown) => {
      if (message === 'stop') stop();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    process.on('message', told);
    process.on('disconnect', stop);
  });
}

/** Resolves once the parent says it hands this engine no more connections (or is gone). */
function parentHandedAll(): Promise<void> {
  if (!process.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      process.off('message', told);
      process.off('disconnect', done);
      resolve();
    };
    const told = (message: unknown) => {
      if (message === 'handed-all') done();
    };
    process.on('message', told);
    process.on('disconnect', done);
  });
}

/**
 * The engine: builds in memory, serves on host and port, rebuilds what a change needs and
 * tells open tabs to reload. Exits with RESTART when its own code changed.
 */
async function runEngine(options: DevOptions): Promise<void> {
  const out = colorsFor(process.stdout);
  const err = colorsFor(process.stderr);
  const cwd = process.cwd();
  const shown = displayPath(options.contentFile, cwd);
  const until = interrupted();
  // React's server renderer is several times faster in production mode, and the browser
  // bundle is built for production too; set before the server code first imports React.
  process.env.NODE_ENV ??= 'production';
  const session = await createDevSession(terminalSessionOptions(options.contentFile, err));

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

  // Serves the connections the parent hands over; the address is the parent's.
  const server = createHttpServer(devHandler({ snapshot: session.snapshot, built: session.built, clients }));
  const connections = handedConnections(server);
  const onConnection = (message: unknown, socket: unknown) => {
    if (message === 'connection' && socket instanceof Socket) connections.accept(socket);
  };
  process.on('message', onConnection);
  let watcher: ReturnType<typeof watchPaths> | undefined;
  let restart: (() => void) | undefined;
  const restarting = new Promise<void>((resolve) => (restart = resolve));
  try {
    const first = (await session.update('all')) as DevUpdate;
    report(first, true);
    // Watching before saying so: a save in the first moments (chokidar first walks site/)
    // would otherwise go unnoticed.
    watcher = watchPaths({
      paths: session.watched,
      onChange: async (changed) => {
        // Tabs are told to reload as the rebuild starts: their requests wait for it (server.ts).
        const update = await session.update(changed, (version) => broadcastVersion(clients, version));
        if (update === null) return;
        if (update === 'restart') {
          if (!options.quiet) process.stdout.write(`${out.dim('↻')} ${[...changed].map((file) => path.relative(cwd, file)).join(', ')}: the generator's own code changed; starting it again\n`);
          restart!();
          return;
        }
        report(update, false);
      },
      onError: (error) => process.stderr.write(`${err.yellow('warning:')} watching files failed: ${error.message}\n`),
    });
    await watcher.ready;
    process.send?.('ready');
    const url = out.bold(serverUrl(options.host, options.port));
    const watching = `watching ${shown}, site/, generator/ and templates/ (Ctrl+C to stop)`;
    if (first.problems.length > 0) process.stdout.write(`${out.red('✗')} site dev at ${url}: nothing to show until the problems above are fixed; ${watching}\n`);
    else if (!options.quiet) process.stdout.write(`${out.green('✓')} site dev: ${first.pages} pages at ${url} in ${formatMs(first.ms)}; ${watching}\n`);
  } catch (error) {
    await watcher?.close();
    process.off('message', onConnection);
    await session.dispose();
    throw error;
  }

  const restarted = await Promise.race([until.then(() => false), restarting.then(() => true)]);
  // The parent hands over no more connections once told; those already on their way are
  // served too (a socket still unread in this process when it exits would be reset).
  const handedAll = parentHandedAll();
  if (process.connected) process.send?.('closing');
  if (!restarted && !options.quiet) process.stdout.write(`${out.dim('stopping…')}\n`);
  await watcher.close();
  await handedAll;
  for (const client of clients) client.end();
  await connections.close();
  process.off('message', onConnection);
  await session.dispose();
  if (restarted) process.exit(RESTART);
}
