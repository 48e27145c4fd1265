import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './cli.ts';

/** A running `site edit`: its printed address (with the token) and how to stop it. */
export interface EditorProcess {
  address: URL;
  origin: string;
  token: string;
  child: ChildProcessWithoutNullStreams;
  output: { stdout: string; stderr: string };
  stop: () => Promise<number | null>;
}

/** Starts the real launcher's `site edit --port 0` in `cwd`; resolves once it prints its address. */
export async function startEditor(options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<EditorProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'site.js'), 'edit', '--port', '0'], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, DEBUG: undefined, NODE_ENV: undefined, ...options.env },
  });
  const output = { stdout: '', stderr: '' };
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const address = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site edit printed no address in 90 s:\n${output.stdout}${output.stderr}`)), 90_000);
    const look = () => {
      const match = /http:\/\/127\.0\.0\.1:\d+\/_edit\/\?token=[\w-]+/.exec(output.stdout);
      if (match) (clearTimeout(timer), resolve(new URL(match[0])));
    };
    child.stdout.on('data', (chunk) => ((output.stdout += chunk), look()));
    child.stderr.on('data', (chunk) => (output.stderr += chunk));
    void exited.then((code) => (clearTimeout(timer), reject(new Error(`site edit exited with ${code}:\n${output.stdout}${output.stderr}`))));
  });
  return {
    address,
    origin: address.origin,
    token: address.searchParams.get('token')!,
    child,
    output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}
