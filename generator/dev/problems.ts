import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Message } from 'esbuild';
import type { Problem } from '../problems/errors.ts';
import { codeFrame } from '../content/problems/locate.ts';

/**
 * What went wrong in a dev rebuild, as problems to print and to show in the overlay:
 * content problems as they are (thrown by the bundled stages, so matched by shape, not
 * class), esbuild errors located in their source file, anything else as one message.
 */
export function problemsOf(error: unknown, options: { root: string; cwd: string }): Problem[] {
  if (typeof error === 'object' && error !== null) {
    const { problems, errors } = error as { problems?: unknown; errors?: unknown };
    if (Array.isArray(problems)) return problems as Problem[];
    if (Array.isArray(errors) && errors.length > 0) return (errors as Message[]).map((message) => fromEsbuild(message, options));
  }
  const message = error instanceof Error ? error.message : String(error);
  return [{ path: '', message: `rendering failed: ${message}`, hint: 'This is a problem in site/, not in content.yaml. Run with DEBUG=1 for the stack trace.' }];
}

function fromEsbuild(message: Message, options: { root: string; cwd: string }): Problem {
  const hint = 'This is a problem in site/, not in content.yaml.';
  if (!message.location) return { path: '', message: message.text, hint };
  const absolute = path.resolve(options.root, message.location.file);
  const location = { file: path.relative(options.cwd, absolute) || absolute, line: message.location.line, column: message.location.column + 1 };
  let source: string;
  try {
    source = readFileSync(absolute, 'utf8');
  } catch {
    source = `${'\n'.repeat(location.line - 1)}${message.location.lineText}`;
  }
  return { path: '', message: message.text, hint, location, frame: codeFrame(source, location) };
}
