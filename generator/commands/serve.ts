import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { UsageProblemError } from '../problems/errors.ts';
import { colorsFor } from '../problems/report.ts';
import { parsePath, resolveFromCwd, withServerOptions, type GlobalOptions } from './options.ts';

interface ServeOptions {
  out: string;
  port: number;
  host: string;
}

/** `site serve`: serve a built out/ the way a static CDN does. */
export function registerServe(program: Command): void {
  const serve = program
    .command('serve')
    .description('serve a built out/ folder on localhost like a static host (directory index, 404.html)')
    .option('-o, --out <dir>', 'the folder to serve', parsePath, 'out');
  withServerOptions(serve, 4173)
    .action(async (options: ServeOptions, command: Command) => {
      const root = resolveFromCwd(options.out);
      if (!existsSync(path.join(root, 'index.html')))
        throw new UsageProblemError(`${options.out}/ has no index.html`, { hint: 'Run "site build" first, or name the folder with --out DIR.' });
      const { serveStatic, serverUrl } = await import('../serve/serve.ts');
      const address = (await serveStatic({ root, port: options.port, host: options.host })).address();
      const port = address && typeof address === 'object' ? address.port : options.port;
      if (command.optsWithGlobals<GlobalOptions>().quiet) return;
      const colors = colorsFor(process.stdout);
      process.stdout.write(`${colors.green('✓')} serving ${options.out}/ at ${colors.bold(serverUrl(options.host, port))} (Ctrl+C to stop)\n`);
    });
}
