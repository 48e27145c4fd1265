import type { Command } from 'commander';
import { resolveFromCwd, withContentOption, withServerOptions, type GlobalOptions } from './options.ts';

interface DevCommandOptions {
  content: string;
  port: number;
  host: string;
}

/** `site dev`: build in memory, serve, rebuild on change and reload open tabs. */
export function registerDev(program: Command): void {
  const dev = withContentOption(
    program.command('dev').description('build in memory and serve on localhost; on a change to content.yaml, site/ or templates/ rebuild what is needed and reload open tabs'),
  );
  withServerOptions(dev, 5173)
    .addHelpText('after', '\nA content error is printed here and shown over the page, which keeps showing the last good build.\nA change to generator/ or site/model/ starts the generator again, on the same address.')
    .action(async (options: DevCommandOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      const { runDev } = await import('../dev/run.ts');
      await runDev({ contentFile: resolveFromCwd(options.content), host: options.host, port: options.port, quiet: global.quiet, verbose: global.verbose });
    });
}
