import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeFolders } from '../cache/on-disk.ts';
import { UsageProblemError } from '../problems/errors.ts';
import type { Command } from 'commander';
import { colorsFor } from '../problems/report.ts';
import { parsePath, resolveFromCwd, type GlobalOptions } from './options.ts';

/** What a refusal of the disk means for the file asked for, in words. */
const WHY: Readonly<Record<string, string>> = {
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EEXIST: 'a part of its path is a file, not a folder',
  ENOENT: 'its folder cannot be made there',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
};

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
      // A missing folder is made, as site build makes its output's (a level at a time: Node's
      // recursive mkdir never returns under /proc); anything else the disk refuses is a usage problem.
      try {
        makeFolders(path.dirname(target));
        writeFileSync(target, text);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        throw new UsageProblemError(`cannot write ${options.out}: ${WHY[code] ?? (code || (error as Error).message)}`, {
          hint: 'Give --out a file path in a folder you can write to, or "-" to print the schema.',
        });
      }
      if (!global.quiet) process.stdout.write(`${colorsFor(process.stdout).green('✓')} wrote ${options.out}\n`);
    });
}
