import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveStatic } from '../../../generator/serve/serve.ts';
import { runSite } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp.ts';

let server: Server;
let port: number;
const dir = tempDir('site-serve-');
const out = path.join(dir, 'out');

beforeAll(async () => {
  mkdirSync(path.join(out, 'about'), { recursive: true });
  mkdirSync(path.join(out, 'course'), { recursive: true });
  writeFileSync(path.join(out, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(out, 'about', 'index.html'), '<h1>about</h1>');
  writeFileSync(path.join(out, '404.html'), '<h1>not found</h1>');
  writeFileSync(path.join(out, 'course', '404.html'), '<h1>course not found</h1>');
  writeFileSync(path.join(out, 'style.css'), 'body{}');
  // A secret beside out/, which no request may reach.
  writeFileSync(path.join(dir, 'secret.txt'), 'TOP SECRET');
  server = await serveStatic({ root: out, port: 0, host: '127.0.0.1' });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a request line exactly as written (no URL normalisation by a client library). */
function rawGet(target: string, at = port): Promise<{ status: number; body: string; headers: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(at, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n'), headers: head });
    });
  });
}

describe('site serve behaves like a static CDN', () => {
  test.runIf(process.platform !== 'win32')('a named pipe put in out/ by hand answers 404, and holds up no other request', async () => {
    const piped = path.join(tempDir('site-serve-pipe-'), 'out');
    mkdirSync(piped);
    writeFileSync(path.join(piped, 'index.html'), '<h1>home</h1>');
    expect(spawnSync('mkfifo', [path.join(piped, 'pipe.html')]).status).toBe(0);
    const pipeServer = await serveStatic({ root: piped, port: 0, host: '127.0.0.1' });
    const at = (pipeServer.address() as AddressInfo).port;
    try {
      // More at once than Node has threads to read files with.
      const answers = await Promise.all(Array.from({ length: 6 }, () => rawGet('/pipe.html', at)));
      expect(answers.map((response) => response.status)).toEqual(Array(6).fill(404));
      expect((await rawGet('/pipe', at)).status).toBe(404);
      expect((await rawGet('/', at)).status).toBe(200);
    } finally {
      pipeServer.closeAllConnections();
      await new Promise<void>((resolve) => pipeServer.close(() => resolve()));
    }
  });

  test('directory index, with and without the trailing slash; correct MIME types', async () => {
    for (const target of ['/', '/about', '/about/', '/about/index.html']) {
      const response = await rawGet(target);
      expect(response.status, target).toBe(200);
      expect(response.headers).toMatch(/content-type: text\/html/i);
    }
    expect((await rawGet('/about')).body).toContain('about');
    expect((await rawGet('/style.css')).headers).toMatch(/content-type: text\/css/i);
  });

  test('unknown paths answer 404 with the nearest 404.html', async () => {
    const missing = await rawGet('/nothing/here');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<h1>not found</h1>');
    const course = await rawGet('/course/99');
    expect(course.status).toBe(404);
    expect(course.body).toContain('course not found');
  });

  test('path traversal never reaches a file outside out/', async () => {
    const attempts = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/about/../../secret.txt',
      '/about/%2e%2e/%2e%2e/secret.txt',
      '/%252e%252e/secret.txt',
      '/..%2fsecret.txt',
      '/..%5csecret.txt',
      '/.%2e/secret.txt',
      `/${encodeURIComponent(path.join(dir, 'secret.txt'))}`,
      `//${path.join(dir, 'secret.txt')}`,
      '/index.html%00.css',
      '/secret.txt%00',
      '/%c0%ae%c0%ae/secret.txt',
    ];
    for (const target of attempts) {
      const response = await rawGet(target);
      expect([400, 404], `${target} → ${response.status}`).toContain(response.status);
      expect(response.body, target).not.toContain('TOP SECRET');
    }
  });

  test('only GET and HEAD', async () => {
    const response = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('end', () => resolve(data));
    });
    expect(response).toMatch(/^HTTP\/1\.1 405/);
  });

  test('binds to 127.0.0.1 by default', async () => {
    const help = await runSite(['serve', '--help']);
    expect(help.stdout).toMatch(/--host <host>.*\(default: "127\.0\.0\.1"\)/s);
  });
});

describe('site serve after a rebuild', () => {
  test('a new out/ swapped in (as site build does) is served at once, new files included', async () => {
    const { renameSync, rmSync } = await import('node:fs');
    const next = path.join(dir, 'next');
    mkdirSync(next);
    writeFileSync(path.join(next, 'index.html'), '<h1>rebuilt</h1>');
    writeFileSync(path.join(next, 'new-asset.css'), 'main{}');
    const old = path.join(dir, 'old');
    renameSync(out, old);
    renameSync(next, out);
    try {
      expect((await rawGet('/')).body).toContain('rebuilt');
      expect((await rawGet('/new-asset.css')).status).toBe(200);
    } finally {
      rmSync(out, { recursive: true, force: true });
      renameSync(old, out);
    }
    expect((await rawGet('/about')).body).toContain('about');
  });

  test('while out/ is not there (between the two renames of a build\'s swap) a request is asked to come again, and the server stays up', async () => {
    const { renameSync } = await import('node:fs');
    const away = path.join(dir, 'away');
    renameSync(out, away);
    try {
      for (const target of ['/', '/about', '/style.css', '/missing']) {
        const answer = await rawGet(target);
        expect(answer.status, target).toBe(503);
        expect(answer.headers, target).toMatch(/^retry-after: 1$/im);
      }
    } finally {
      renameSync(away, out);
    }
    expect((await rawGet('/about')).body).toContain('about');
  });
});
