import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageProblemError } from '../problems/errors.ts';
import type { Command } from 'commander';
import { colorsFor } from '../problems/report.ts';
import { parsePath, resolveFromCwd, type GlobalOptions } from './options.ts';

interface SchemaOptions {
  out: string;
}

/** `site schema`: write the JSON Schema editors use to complete and check content.yaml. */
export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('write the JSON Schema of content.yaml (editor completion and validation); "-" prints it')
    .option('-o, --out <file>', 'where to write it ("-" for stdout)', parsePath, 'content.schema.json')
    .addHelpText('after', '\ncontent.yaml\'s first line, "# yaml-language-server: $schema=./content.schema.json", points editors at it.')
    .action(async (options: SchemaOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      const { contentJsonSchemaText } = await import('../content/json-schema.ts');
      const text = contentJsonSchemaText();
      if (options.out === '-') {
        process.stdout.write(text);
        return;
      }
      const target = resolveFromCwd(options.out);
      // A missing folder is made, as site build makes its output's; anything else the disk refuses is a usage problem.
      await mkdir(path.dirname(target), { recursive: true })
        .then(() => writeFile(target, text))
        .catch((error: NodeJS.ErrnoException) => {
          throw new UsageProblemError(`cannot write ${options.out}: ${error.code === 'EISDIR' ? 'it is a folder' : (error.code ?? error.message)}`, {
            hint: 'Give --out a file path in a folder you can write to, or "-" to print the schema.',
          });
        });
      if (!global.quiet) process.stdout.write(`${colorsFor(process.stdout).green('✓')} wrote ${options.out}\n`);
    });
}
