import type { Command } from 'commander';
import { build } from '../build.ts';
import { colorsFor, formatBytes, formatMs } from '../report.ts';
import { resolveFromCwd, type GlobalOptions } from './shared.ts';

interface BuildCommandOptions {
  content: string;
  out: string;
}

/** `site build`: content.yaml to a complete out/ folder. */
export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('validate content.yaml, render every page, bundle the client and write out/')
    .option('-c, --content <file>', 'the content file', 'content.yaml')
    .option('-o, --out <dir>', 'the output folder (replaced atomically)', 'out')
    .action(async (options: BuildCommandOptions, command: Command) => {
      const global = command.optsWithGlobals<GlobalOptions>();
      const colors = colorsFor(process.stderr);
      const result = await build({
        contentFile: resolveFromCwd(options.content),
        outDir: resolveFromCwd(options.out),
        onStage: (stage) => {
          if (global.quiet) return;
          const detail = stage.detail ? colors.dim(` ${stage.detail}`) : '';
          process.stderr.write(`${colors.dim('•')} ${stage.name.padEnd(9)} ${formatMs(stage.ms).padStart(7)}${detail}\n`);
        },
        onWarning: (message) => process.stderr.write(`${colors.yellow('warning:')} ${message}\n`),
      });
      const js = formatBytes(Math.max(...Object.values(result.assets.firstVisit).map((size) => size.jsBrotli)));
      const css = formatBytes(result.assets.cssSize.brotli);
      if (!global.quiet)
        process.stdout.write(`${colors.green('✓')} ${result.pages} pages, at most ${js} JS and ${css} CSS per page (br) in ${formatMs(result.ms)} → ${options.out}/\n`);
    });
}
