import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './cli.ts';
import { tempDir } from './temp.ts';

/** A running `site dev` child process. */
export interface DevProcess {
  url: string;
  child: ChildProcessWithoutNullStreams;
  output: { stdout: string; stderr: string };
  /** Resolves when `pattern` matches what it printed so far (stdout, then stderr). */
  waitForOutput: (pattern: RegExp, options?: { timeout?: number }) => Promise<void>;
  /** Sends SIGINT (Ctrl+C) and resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/** Starts the real launcher's `site dev --port 0` in `cwd`; resolves once it prints its URL. */
export async function startDev(options: { cwd: string; args?: string[]; bin?: string; env?: NodeJS.ProcessEnv }): Promise<DevProcess> {
  const bin = options.bin ?? path.join(ROOT, 'bin', 'site.js');
  const child = spawn(process.execPath, [bin, 'dev', '--port', '0', ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, DEBUG: undefined, NODE_ENV: undefined, ...options.env },
  });
  const output = { stdout: '', stderr: '' };
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  child.stdout.on('data', (chunk) => ((output.stdout += chunk), changed()));
  child.stderr.on('data', (chunk) => ((output.stderr += chunk), changed()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForOutput = (pattern: RegExp, { timeout = 30_000 } = {}) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(`${output.stdout}\n${output.stderr}`)) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`site dev did not print ${pattern} in ${timeout} ms.\nstdout:\n${output.stdout}\nstderr:\n${output.stderr}`));
      }, timeout);
      listeners.add(check);
      check();
    });
  await Promise.race([
    waitForOutput(/http:\/\/127\.0\.0\.1:\d+\//, { timeout: 90_000 }),
    exited.then((code) => Promise.reject(new Error(`site dev exited with ${code}\n${output.stdout}\n${output.stderr}`))),
  ]);
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output.stdout)![0];
  return {
    url,
    child,
    output,
    waitForOutput,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}

/**
 * A throwaway copy of the project (launcher, generator, site, templates, content) whose
 * node_modules links each package of the real one, so `site dev` can watch and the test
 * can edit site/ without touching the working tree.
 */
export function projectCopy(): { dir: string; bin: string } {
  const dir = tempDir('site-project-');
  for (const entry of ['bin', 'generator', 'site', 'templates', 'package.json', 'content.yaml', 'tsconfig.json'])
    cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  // A real folder (the launcher and `site dev` keep their caches in node_modules/.cache)
  // of links to the real packages.
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of readdirSync(path.join(ROOT, 'node_modules')))
    if (name !== '.cache') symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name));
  return { dir, bin: path.join(dir, 'bin', 'site.js') };
}
