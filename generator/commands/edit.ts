import type { Command } from 'commander';
import { parsePort, resolveFromCwd, withContentOption, type GlobalOptions } from './options.ts';

interface EditCommandOptions {
  content: string;
  port: number;
}

/** `site edit`: the content editor in the browser, beside the live site. */
export function registerEdit(program: Command): void {
  withContentOption(program.command('edit').description('edit content.yaml in the browser: forms from its schema, the real page redrawn as you type, and a save that changes only what you edited'))
    .option('-p, --port <port>', 'the port to listen on, on 127.0.0.1 only (0 picks a free one)', parsePort, 5174)
    .addHelpText(
      'after',
      '\nOpen the address it prints: the token in it lets that browser in. The editor listens on 127.0.0.1 only and refuses\nrequests from other sites. A save refuses to overwrite content.yaml if it changed on disk since the editor read it.',
    )
    .action(async (options: EditCommandOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      const { runEditor } = await import('../edit/run-editor.ts');
      await runEditor({ contentFile: resolveFromCwd(options.content), port: options.port, quiet: global.quiet });
    });
}
