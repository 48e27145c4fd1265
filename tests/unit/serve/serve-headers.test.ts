import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { headersFile, IMMUTABLE_CACHE, redirectsFile, REVALIDATE_CACHE, SECURITY_HEADERS } from '../../../generator/site-files/hosting-files.ts';
import { serveStatic } from '../../../generator/serve/serve.ts';

/* `site serve` applies out/_headers and out/_redirects the way Netlify and Cloudflare Pages do. */

const dir = mkdtempSync(path.join(os.tmpdir(), 'site-serve-headers-'));
const out = path.join(dir, 'out');
let server: Server;
let base: string;

beforeAll(async () => {
  for (const folder of ['about', 'course/1', 'assets', 'social', 'login', 'agency-login']) mkdirSync(path.join(out, folder), { recursive: true });
  const pages = ['index.html', 'about/index.html', 'course/1/index.html', 'login/index.html', 'agency-login/index.html', '404.html', 'course/404.html'];
  for (const page of pages) writeFileSync(path.join(out, page), `<h1>${page}</h1>`);
  writeFileSync(path.join(out, 'assets', 'main-ABC.js'), 'export {}');
  writeFileSync(path.join(out, 'social', 'about.png'), 'png');
  writeFileSync(path.join(out, 'about', 'index.json'), '{}');
  writeFileSync(path.join(out, 'robots.txt'), 'User-agent: *');
  writeFileSync(path.join(out, '_headers'), headersFile());
  writeFileSync(path.join(out, '_redirects'), redirectsFile());
  server = await serveStatic({ root: out, port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const get = (target: string) => fetch(`${base}${target}`, { redirect: 'manual' });

describe('site serve sends the headers of out/_headers', () => {
  test('every response, 404s and redirects included, carries the security headers', async () => {
    for (const target of ['/', '/about', '/assets/main-ABC.js', '/nope', '/course/99', '/agency-login']) {
      const response = await get(target);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), `${target} ${name}`).toBe(value);
    }
  });

  test('hashed assets and cards are immutable; pages, their data and other files revalidate', async () => {
    expect((await get('/assets/main-ABC.js')).headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect((await get('/social/about.png')).headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    for (const target of ['/', '/about', '/about/', '/about/index.json', '/robots.txt', '/nope']) expect((await get(target)).headers.get('cache-control'), target).toBe(REVALIDATE_CACHE);
  });

  test('the redirects of out/_redirects: /agency-login is a 301 to /login; an unknown course gets course/404.html with 404', async () => {
    const moved = await get('/agency-login');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/login');
    const course = await get('/course/99');
    expect(course.status).toBe(404);
    expect(await course.text()).toBe('<h1>course/404.html</h1>');
    expect((await get('/course/1')).status).toBe(200);
    expect((await get('/agency-login/index.html')).status).toBe(200);
  });

  test('_headers and _redirects are configuration, never served', async () => {
    for (const target of ['/_headers', '/_redirects']) {
      const response = await get(target);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('<h1>404.html</h1>');
    }
  });

  test('a new _headers (a rebuild) is picked up without a restart', async () => {
    const file = path.join(out, '_headers');
    writeFileSync(file, '/*\n  X-Test: one\n');
    expect((await get('/')).headers.get('x-test')).toBe('one');
    writeFileSync(file, headersFile());
    expect((await get('/')).headers.get('x-test')).toBeNull();
  });
});
