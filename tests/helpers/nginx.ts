import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './cli.ts';

/** Debian's nginx (installed by .ci/run and tests/run-all.js). */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The documented server block (templates/nginx.conf) inside a minimal nginx.conf that
 * keeps everything in `prefix`: listen on a loopback port, serve `root`, run in the
 * foreground. Only `listen`, `server_name` and `root` of the template are changed.
 */
export function nginxConfig(options: { prefix: string; root: string; port: number; plain?: boolean }): string {
  const block = options.plain
    ? plainServerBlock(options)
    : readFileSync(path.join(ROOT, 'templates', 'nginx.conf'), 'utf8')
        .replace(/^(\s*)listen \[::\]:80;\n/m, '')
        .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${options.port};`)
        .replace(/^(\s*)server_name [^;]+;/m, '$1server_name localhost;')
        .replace(/^(\s*)root [^;]+;/m, `$1root ${options.root};`);
  const temp = (name: string) => path.join(options.prefix, 'temp', name);
  return [
    'daemon off;',
    'worker_processes 1;',
    // As root, workers would switch to "nobody", who cannot read a private temp folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${path.join(options.prefix, 'nginx.pid')};`,
    `error_log ${path.join(options.prefix, 'error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    `    access_log ${path.join(options.prefix, 'access.log')};`,
    `    client_body_temp_path ${temp('body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    block,
    '}',
    '',
  ].join('\n');
}

/**
 * A server with one 404 page for every path and no other rule, as most hosts are set up
 * (GitHub Pages, a server given only `error_page`): none of templates/nginx.conf's rules.
 */
function plainServerBlock(options: { root: string; port: number }): string {
  return ['server {', `    listen 127.0.0.1:${options.port};`, '    server_name localhost;', `    root ${options.root};`, '    error_page 404 /404.html;', '}'].join('\n');
}

/**
 * Starts nginx as a child process serving `root` (with templates/nginx.conf's server block,
 * or with `plain`, one whose only rule is `error_page 404 /404.html`); resolves once it answers.
 */
export async function startNginx(root: string, options: { plain?: boolean } = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'site-nginx-'));
  mkdirSync(path.join(prefix, 'temp'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ prefix, root, port, plain: options.plain }));
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const errors = () => `${stderr}${existsSync(path.join(prefix, 'error.log')) ? readFileSync(path.join(prefix, 'error.log'), 'utf8') : ''}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors()}`);
    const ok = await fetch(`${url}/`).then((response) => response.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer on ${url}: ${errors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // SIGQUIT: graceful shutdown of master and workers.
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
