import type * as esbuild from 'esbuild';

/**
 * esbuild's errors, one line each, located as every problem is (`file:LINE:COL`, the
 * column counted from 1); the error's own message when esbuild gave none.
 */
export function esbuildMessages(error: unknown): string {
  const errors = (error as esbuild.BuildFailure).errors;
  if (!errors?.length) return error instanceof Error ? error.message : String(error);
  return errors.map((item) => `${item.location ? `${item.location.file}:${item.location.line}:${item.location.column + 1} ` : ''}${item.text}`).join('; ');
}
