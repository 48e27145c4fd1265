import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './temp.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'site.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** It ran past `timeoutMs` and was killed. */
  timedOut: boolean;
}

/**
 * Runs the real `site` launcher with colour off, as a maintainer's terminal or CI would.
 * With `timeoutMs`, a run still going then is killed (a hang is caught even where the
 * command never yields to a timer of its own).
 */
export function runSite(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, DEBUG: undefined, GITHUB_ACTIONS: undefined, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => ((timedOut = true), child.kill('SIGKILL')), options.timeoutMs);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/** A temp folder holding a copy of the real content.yaml, edited by `edit`. */
export function contentCopy(edit: (source: string) => string = (source) => source): { dir: string; file: string; source: string } {
  const dir = tempDir('site-cli-');
  const file = path.join(dir, 'content.yaml');
  cpSync(path.join(ROOT, 'content.yaml'), file);
  const source = edit(readFileSync(file, 'utf8'));
  writeFileSync(file, source);
  return { dir, file, source };
}

/** 1-based line and column of the first occurrence of `needle` (after `after`, if given). */
export function positionOf(source: string, needle: string, after = ''): string {
  const start = after ? source.indexOf(after) : 0;
  const offset = source.indexOf(needle, start);
  if (offset < 0) throw new Error(`${needle} not found`);
  const before = source.slice(0, offset);
  return `${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`;
}
