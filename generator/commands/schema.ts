import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { colorsFor } from '../report.ts';
import { resolveFromCwd, type GlobalOptions } from './shared.ts';

interface SchemaOptions {
  out: string;
}

/** `site schema`: write the JSON Schema editors use to complete and check content.yaml. */
export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('write the JSON Schema of content.yaml (editor completion and validation); "-" prints it')
    .option('-o, --out <file>', 'where to write it ("-" for stdout)', 'content.schema.json')
    .addHelpText('after', '\ncontent.yaml\'s first line, "# yaml-language-server: $schema=./content.schema.json", points editors at it.')
    .action(async (options: SchemaOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      const { contentJsonSchemaText } = await import('../content/json-schema.ts');
      const text = contentJsonSchemaText();
      if (options.out === '-') {
        process.stdout.write(text);
        return;
      }
      await writeFile(resolveFromCwd(options.out), text);
      if (!global.quiet) process.stdout.write(`${colorsFor(process.stdout).green('✓')} wrote ${options.out}\n`);
    });
}
