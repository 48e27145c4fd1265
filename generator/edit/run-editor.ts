import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { decodeContent, readContentBytes } from '../content/content-file.ts';
import type { DevUpdate } from '../dev/session.ts';
import { terminalSessionOptions } from '../dev/session-options.ts';
import { CACHE_ROOT } from '../paths.ts';
import { colorsFor, formatMs, formatProblems } from '../problems/report.ts';
import { bundleEditor } from './editor-bundle.ts';
import { editorHandler } from './editor-server.ts';
import { EDIT_PREFIX } from './protocol.ts';
import { createGuard } from './request-guard.ts';
import { displayPath } from '../problems/display-path.ts';

export interface EditOptions {
  contentFile: string;
  port: number;
  quiet?: boolean;
}

/**
 * `site edit`: the content editor on 127.0.0.1, beside the live preview of the site it
 * edits. Prints the address with the session's token; resolves after Ctrl+C.
 */
export async function runEditor(options: EditOptions): Promise<void> {
  const started = performance.now();
  const out = colorsFor(process.stdout);
  const err = colorsFor(process.stderr);
  // React's server renderer is several times faster in production mode (as in site dev).
  process.env.NODE_ENV ??= 'production';
  const cwd = process.cwd();
  const shown = displayPath(options.contentFile, cwd);
  // A file that cannot be read is said before any address is printed.
  decodeContent(readContentBytes(options.contentFile, shown), shown);
  const server = createServer();
  // Loopback only: the editor writes files.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => (server.off('error', reject), resolve()));
  });
  const port = (server.address() as AddressInfo).port;
  const guard = createGuard(port);
  // The engine takes a few hundred milliseconds to load: the address is printed first, so
  // the browser loads the editor's page meanwhile, and asks for the content once it is ready.
  const address = `http://127.0.0.1:${port}${EDIT_PREFIX}?token=${guard.token}`;
  process.stdout.write(`${out.green('✓')} site edit: editing ${shown} at ${out.bold(address)} ${out.dim(`(ready in ${formatMs(performance.now() - started)}; Ctrl+C to stop)`)}\n`);
  if (!options.quiet) process.stdout.write(`${out.dim('  Open that address: the token in it is what lets this browser in. Saves change only the values you edit.')}\n`);
  const sessionOptions = terminalSessionOptions(options.contentFile, err);
  const assets = bundleEditor(path.join(CACHE_ROOT, 'editor'), sessionOptions.onWarning);
  const onFirstBuild = (update: DevUpdate) => {
    if (update.problems.length > 0) process.stderr.write(`${formatProblems(update.problems, err)} ${err.dim('(the editor shows them at their fields)')}\n`);
  };
  const session = import('./editor-session.ts').then(({ createEditorSession }) => createEditorSession({ ...sessionOptions, onFirstBuild }));
  server.on('request', editorHandler({ guard, session, assets, contentDir: path.dirname(options.contentFile) }));
  try {
    await Promise.all([assets, session]);
  } catch (error) {
    server.closeAllConnections();
    server.close();
    throw error;
  }
  await new Promise<void>((resolve) => {
    const stop = () => (process.off('SIGINT', stop), process.off('SIGTERM', stop), resolve());
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  if (!options.quiet) process.stdout.write(`${out.dim('stopping…')}\n`);
  server.closeAllConnections();
  server.close();
  await (await session).dispose();
}
