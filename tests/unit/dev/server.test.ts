import type { AddressInfo } from 'node:net';
import { createServer, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { injectDevTags, overlayHtml } from '../../../generator/dev/client-script.ts';
import { broadcastVersion, devHandler, type DevSnapshot } from '../../../generator/dev/server.ts';
import type { Problem } from '../../../generator/problems/errors.ts';

const PAGE = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>T</title>\n  </head>\n  <body>\n    <div id="root">x</div>\n  </body>\n</html>\n';
const PROBLEM: Problem = {
  path: 'site.name',
  message: 'must not be empty <b>',
  hint: 'Give the site a name & a $& tagline.',
  location: { file: 'content.yaml', line: 3, column: 9 },
  frame: '> 3 |   name: ""\n    |         ^',
};

describe('injectDevTags', () => {
  test('adds only the dev client script (external, versioned) when there are no problems', () => {
    const html = injectDevTags(PAGE, { version: 'a.1', problems: [] });
    expect(html).toContain('<script type="module" async src="/__site/client.js?v=a.1"></script>\n  </head>');
    expect(html).not.toContain('site-dev-overlay');
    expect(html).not.toMatch(/<script>|<style>| style="/);
  });

  test('adds the overlay with the problems escaped, before </body>', () => {
    const html = injectDevTags(PAGE, { version: 'a.2', problems: [PROBLEM] });
    expect(html).toContain('<link rel="stylesheet" href="/__site/overlay.css">');
    expect(html).toContain('<div id="root">x</div>\n  <div id="site-dev-overlay" role="alert"');
    expect(html).toContain('must not be empty &#60;b&#62;');
    expect(html).toContain('Give the site a name &#38; a $&#38; tagline.');
    expect(html).not.toContain('<b>');
  });

  test('the overlay shows the terminal text: location, path, message, code frame, hint, count', () => {
    expect(overlayHtml([PROBLEM])).toContain(
      '<pre>content.yaml:3:9  site.name  must not be empty &#60;b&#62;\n  &#62; 3 |   name: &#34;&#34;\n      |         ^\n  hint: Give the site a name &#38; a $&#38; tagline.\n\n1 problem</pre>',
    );
  });
});

describe('devHandler', () => {
  let base: string;
  let snapshot: DevSnapshot;
  const clients = new Set<ServerResponse>();
  let close: () => Promise<void>;

  beforeAll(async () => {
    snapshot = {
      files: new Map(
        Object.entries({
        'index.html': PAGE.replace('x', 'home'),
        'about/index.html': PAGE.replace('x', 'about'),
        '404.html': PAGE.replace('x', 'not found'),
        'course/404.html': PAGE.replace('x', 'course not found'),
        'assets/main-ABC.js': 'console.log(1)',
        'favicon.svg': '<svg/>',
        'about/index.json': '{"title":"About"}',
      }).map(([file, contents]) => [file, { id: file, contents }]),
      ),
      problems: [],
      version: 's.1',
    };
    const server = createServer(devHandler({ snapshot: () => snapshot, clients }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  });
  afterAll(() => close());

  test('serves pages from memory like the static host: directory index, with the dev client', async () => {
    for (const url of ['/about', '/about/', '/about/index.html']) {
      const response = await fetch(base + url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const text = await response.text();
      expect(text).toContain('<div id="root">about</div>');
      expect(text).toContain('/__site/client.js?v=s.1');
    }
  });

  test('unknown paths get the nearest 404.html with status 404', async () => {
    const course = await fetch(`${base}/course/99`);
    expect(course.status).toBe(404);
    expect(await course.text()).toContain('course not found');
    const other = await fetch(`${base}/nope/deeper`);
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('<div id="root">not found</div>');
  });

  test('hashed assets are cacheable, other files are not; no script gets the dev tags', async () => {
    const asset = await fetch(`${base}/assets/main-ABC.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await asset.text()).toBe('console.log(1)');
    expect((await fetch(`${base}/favicon.svg`)).headers.get('cache-control')).toBe('no-store');
  });

  test("serves a route's data (what client-side navigation fetches) as JSON, never cached, untouched", async () => {
    const response = await fetch(`${base}/about/index.json`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('{"title":"About"}');
    expect((await fetch(`${base}/nope/index.json`)).status).toBe(404);
  });

  test('serves the dev client and refuses other methods', async () => {
    const client = await fetch(`${base}/__site/client.js`);
    expect(await client.text()).toContain("new EventSource(\"/__site/events\")");
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
  });

  test('the event stream sends the current version on connect and after a rebuild', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/__site/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('data: s.1\n\n')) text += decoder.decode((await reader.read()).value);
    expect(text).toContain('event: version\ndata: s.1\n\n');
    await expect.poll(() => clients.size).toBe(1);
    broadcastVersion(clients, 's.2');
    while (!text.includes('data: s.2\n\n')) text += decoder.decode((await reader.read()).value);
    controller.abort();
    await expect.poll(() => clients.size).toBe(0);
  });

  test('before any good build, every page is the problems page (status 500)', async () => {
    const saved = snapshot;
    snapshot = { files: null, problems: [PROBLEM], version: 's.3' };
    const response = await fetch(`${base}/about`);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('id="site-dev-overlay"');
    snapshot = saved;
  });

  test('with problems, the last good pages are served under the overlay', async () => {
    snapshot = { ...snapshot, problems: [PROBLEM], version: 's.4' };
    const text = await (await fetch(`${base}/about`)).text();
    expect(text).toContain('<div id="root">about</div>');
    expect(text).toContain('site-dev-overlay');
    snapshot = { ...snapshot, problems: [], version: 's.5' };
  });

  test('a request made while a rebuild runs waits for it, and gets the rebuilt page', async () => {
    let asked!: () => void;
    const waiting = new Promise<void>((resolve) => (asked = resolve));
    let build!: () => void;
    const built = new Promise<void>((resolve) => (build = resolve));
    let current: DevSnapshot = { ...snapshot, version: 's.6' };
    const server = createServer(devHandler({ snapshot: () => current, built: () => (asked(), built), clients: new Set() }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/about`);
      await waiting;
      // The rebuild ends only now that the request is in.
      current = { ...current, files: new Map([...current.files!, ['about/index.html', { id: 'rebuilt', contents: PAGE.replace('x', 'rebuilt') }]]), version: 's.7' };
      build();
      const text = await (await response).text();
      expect(text).toContain('<div id="root">rebuilt</div>');
      expect(text).toContain('/__site/client.js?v=s.7');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('while a rebuild runs, a file of assets/ the last build has is served at once; a new one waits for the rebuild', async () => {
    let build!: () => void;
    const built = new Promise<void>((resolve) => (build = resolve));
    const waitedFor: string[] = [];
    let current: DevSnapshot = { ...snapshot, version: 's.6' };
    const server = createServer(devHandler({ snapshot: () => current, built: (urlPath) => (waitedFor.push(urlPath), built), clients: new Set() }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // Named by a hash of its bytes: the rebuild cannot change it.
      const kept = await fetch(`${origin}/assets/main-ABC.js`);
      expect(kept.status).toBe(200);
      expect(await kept.text()).toBe('console.log(1)');
      const added = fetch(`${origin}/assets/main-DEF.js`);
      await expect.poll(() => waitedFor).toEqual(['/assets/main-DEF.js']);
      current = { ...current, files: new Map([...current.files!, ['assets/main-DEF.js', { id: 'assets/main-DEF.js', contents: 'console.log(2)' }]]), version: 's.7' };
      build();
      expect(await (await added).text()).toBe('console.log(2)');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('a page the rebuild in progress rendered first is served over the last good one, with its version and without the last problems', async () => {
    const first = new Map([['about/index.html', PAGE.replace('x', 'rendered first')]]);
    const current: DevSnapshot = { ...snapshot, building: { version: 's.9', first }, problems: [PROBLEM], version: 's.8' };
    const server = createServer(devHandler({ snapshot: () => current, clients: new Set() }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const about = await (await fetch(`${origin}/about/`)).text();
      expect(about).toContain('<div id="root">rendered first</div>');
      expect(about).toContain('/__site/client.js?v=s.9');
      expect(about).not.toContain('site-dev-overlay');
      // Any other page is the last good one, under the overlay, with its own version: told the
      // rebuild's on connect, it reloads.
      const home = await (await fetch(`${origin}/`)).text();
      expect(home).toContain('<div id="root">home</div>');
      expect(home).toContain('/__site/client.js?v=s.8');
      expect(home).toContain('site-dev-overlay');
      const controller = new AbortController();
      const events = (await fetch(`${origin}/__site/events`, { signal: controller.signal })).body!.getReader();
      let text = '';
      while (!text.includes('\n\n')) text += new TextDecoder().decode((await events.read()).value);
      controller.abort();
      expect(text).toContain('event: version\ndata: s.9\n\n');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
