import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { changesBetween } from '../../../generator/edit/content-changes.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
import { startEditor, type EditorProcess } from '../../helpers/editor.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * `site edit` run for real, on a copy of the real content: who it lets in, the preview it
 * draws from a draft, the problems it reports at their fields, and a save that changes
 * only the edited line and never overwrites a file changed on disk meanwhile.
 */

let editor: EditorProcess;
let dir: string;
let port: number;
let token: string;
let cookie: string;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with exactly the headers given (fetch would not let a test set Host). */
function send(method: string, route: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: route, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const api = (name: string, body?: unknown, headers: Record<string, string> = {}) =>
  send(body === undefined ? 'GET' : 'POST', `/_edit/api/${name}`, { 'x-site-token': token, 'content-type': 'application/json', origin: `http://127.0.0.1:${port}`, ...headers }, body === undefined ? undefined : JSON.stringify(body));

/** Whether `lines` appear in `all` in their order. */
function inOrder(all: string[], lines: string[]): boolean {
  let at = 0;
  for (const line of lines) {
    while (at < all.length && all[at] !== line) at += 1;
    if (at === all.length) return false;
    at += 1;
  }
  return true;
}

/** The editor's state; `changes()`: what the test has done to its `data` since (tests edit it in place), as the page sends it. */
const state = async () => {
  const read = JSON.parse((await api('state')).body) as { data: any; base: string; problems: { path: string; message: string }[]; computed: { id: string; all: Record<string, string[]> } };
  const original = structuredClone(read.data);
  return { ...read, changes: () => changesBetween(original, read.data) };
};

beforeAll(async () => {
  dir = tempDir('site-edit-');
  copyFileSync(REAL_CONTENT, path.join(dir, 'content.yaml'));
  editor = await startEditor({ cwd: dir });
  port = Number(editor.address.port);
  token = editor.token;
  const opened = await send('GET', `/_edit/?token=${token}`);
  cookie = String(opened.headers['set-cookie']).split(';')[0]!;
}, 90_000);

afterAll(async () => {
  await editor?.stop();
});

describe('who may talk to it', () => {
  test('the printed address sets an HttpOnly, same-site cookie and leaves the address bar without the token', async () => {
    const opened = await send('GET', `/_edit/?token=${token}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/_edit/');
    expect(String(opened.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict; Path=\//);
    expect((await send('GET', '/_edit/', { cookie })).status).toBe(200);
  });

  test('without the token: no editor, no preview, no API', async () => {
    expect((await send('GET', '/_edit/?token=wrong')).status).toBe(401);
    expect((await send('GET', '/_edit/')).status).toBe(401);
    expect((await send('GET', '/faq')).status).toBe(401);
    expect((await api('state', undefined, { 'x-site-token': 'wrong' })).status).toBe(401);
    expect((await send('GET', '/faq', { cookie })).status).toBe(200);
  });

  test('another Host (DNS rebinding) or another Origin (a cross-site request) is refused, token or not', async () => {
    expect((await send('GET', '/_edit/', { cookie, host: `evil.example:${port}` })).status).toBe(421);
    expect((await api('state', undefined, { host: `evil.example:${port}` })).status).toBe(421);
    const before = readFileSync(path.join(dir, 'content.yaml'), 'utf8');
    const { data, base, changes } = await state();
    data.site.name = 'Taken over';
    expect((await api('save', { base, changes: changes() }, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await api('save', { base, changes: changes() }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(readFileSync(path.join(dir, 'content.yaml'), 'utf8')).toBe(before);
  });

  test('it listens on loopback only', async () => {
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((face) => face && face.family === 'IPv4' && !face.internal);
    if (!outside) return;
    const reached = await new Promise<boolean>((resolve) => {
      const req = request({ host: outside.address, port, path: '/_edit/', timeout: 2000 }, () => resolve(true));
      req.on('error', () => resolve(false));
      req.on('timeout', () => (req.destroy(), resolve(false)));
      req.end();
    });
    expect(reached).toBe(false);
  });
});

describe('a draft: the real page, its computed values, its problems', () => {
  test("a book's price changes the bundle's original price and savings, in the answer and on the preview's /bundles", async () => {
    const { data, base, changes } = await state();
    data.books[0].price = 20;
    const reply = JSON.parse((await api('draft', { base, changes: changes() })).body);
    expect(reply.problems).toEqual([]);
    // Foundation holds books 1, 2 and 3: 20 + 16.99 + 16.99 = 53.98, sold at 29.99.
    expect(reply.computed.all['bundles.0']).toEqual(['Original price $53.98', 'Savings $23.99']);
    expect((await send('GET', '/bundles', { cookie })).body).toContain('$53.98');
  });

  test('a page that names the computed values it holds gets only those that changed, and a path no longer computed as null', async () => {
    const read = await state();
    const { data, base, changes } = read;
    data.books[0].price = 21;
    const priced = JSON.parse((await api('draft', { base, changes: changes(), computedId: read.computed.id })).body);
    expect(priced.computed).toEqual({ id: expect.any(String), since: read.computed.id, changed: {
      // The two bundles that hold book 1: Foundation, and the one of every book.
      'bundles.0': ['Original price $54.98', 'Savings $24.99'],
      'bundles.3': ['Original price $173.91', 'Savings $58.92'],
    } });
    // The same again: nothing changed since the values of that answer.
    const again = JSON.parse((await api('draft', { base, changes: changes(), computedId: priced.computed.id })).body);
    expect(again.computed).toEqual({ id: priced.computed.id, since: priced.computed.id, changed: {} });
    // A draft with a problem computes nothing: every value goes.
    data.bundles[1].books = [4, 99];
    const broken = JSON.parse((await api('draft', { base, changes: changes(), computedId: again.computed.id })).body);
    expect(Object.values(broken.computed.changed).every((value) => value === null)).toBe(true);
    expect(Object.keys(broken.computed.changed)).toEqual(Object.keys(read.computed.all));
    // Values the session no longer knows (a page that missed answers): all of them.
    const unknown = JSON.parse((await api('draft', { base, changes: [], computedId: read.computed.id })).body);
    expect(unknown.computed).toEqual({ id: expect.any(String), all: read.computed.all });
  });

  test('a wrong book id in a bundle is a problem at that field, with the message site check gives', async () => {
    const { data, base, changes } = await state();
    data.bundles[1].books = [4, 99];
    const reply = JSON.parse((await api('draft', { base, changes: changes() })).body);
    expect(reply.problems).toContainEqual(expect.objectContaining({ path: 'bundles.1.books.1', message: expect.stringContaining('99') }));
    // The preview keeps the last good page.
    expect((await send('GET', '/bundles', { cookie })).status).toBe(200);
  });
});

describe("the preview's pages reload themselves, as site dev's do", () => {
  /** The preview's event stream, as a preview page opens it: each version it announces, in order. */
  const openEvents = () => {
    const versions: string[] = [];
    let waiting: (() => void) | undefined;
    const req = request({ host: '127.0.0.1', port, path: '/__site/events', headers: { host: `127.0.0.1:${port}`, cookie } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const match of chunk.matchAll(/data: (\S+)/g)) versions.push(match[1]!);
        waiting?.();
      });
    });
    req.on('error', () => {});
    req.end();
    return {
      /** Resolves with the `count`th version announced. */
      version: async (count: number): Promise<string> => {
        while (versions.length < count) await new Promise<void>((resolve) => (waiting = resolve));
        return versions[count - 1]!;
      },
      close: () => req.destroy(),
    };
  };

  test("a draft's version is announced as its build starts; the page asked for then is the draft's, with the reload script and no overlay", async () => {
    const events = openEvents();
    try {
      const before = await events.version(1);
      const { data, base, changes } = await state();
      data.books[0].price = 22;
      const answered = api('draft', { base, changes: changes() });
      expect(await events.version(2)).not.toBe(before);
      // Asked for as a preview page reloading then does: 22 + 16.99 + 16.99.
      const page = (await send('GET', '/bundles', { cookie })).body;
      expect(page).toContain('$55.98');
      expect(page).toMatch(/<script type="module" async src="\/__site\/client\.js\?v=[^"]+"><\/script>/);
      expect(JSON.parse((await answered).body).problems).toEqual([]);
      // A draft with a problem: the problems are at the fields, never over the preview.
      data.bundles[1].books = [4, 99];
      expect(JSON.parse((await api('draft', { base, changes: changes() })).body).problems).not.toEqual([]);
      const kept = (await send('GET', '/bundles', { cookie })).body;
      expect(kept).toContain('$55.98');
      expect(kept).not.toContain('site-dev-overlay');
    } finally {
      events.close();
    }
  });
});

test('changes made to a file this session never read, or that do not fit the content, are refused in words', async () => {
  const { base } = await state();
  const stale = await api('draft', { base: 'f'.repeat(64), changes: [{ path: ['site', 'name'], value: 'X' }] });
  expect(stale.status).toBe(409);
  expect(JSON.parse(stale.body).message).toMatch(/out of date: reload/);
  const misfit = await api('save', { base, changes: [{ path: ['books', 999, 'price'], value: 1 }] });
  expect(misfit.status).toBe(400);
  expect(JSON.parse(misfit.body).message).toMatch(/do not fit the content: no item 999 at books/);
  expect((await api('draft', { data: {} })).status).toBe(400);
});

describe('a save', () => {
  test('changes exactly the edited line, and says which', async () => {
    const file = path.join(dir, 'content.yaml');
    const before = readFileSync(file, 'utf8').split('\n');
    const { data, base, changes } = await state();
    data.books[2].price = 18.5;
    const reply = await api('save', { base, changes: changes() });
    expect(reply.status).toBe(200);
    const after = readFileSync(file, 'utf8').split('\n');
    const changed = after.map((line, index) => (line === before[index] ? -1 : index + 1)).filter((line) => line > 0);
    expect(after).toHaveLength(before.length);
    expect(changed).toHaveLength(1);
    expect(after[changed[0]! - 1]).toBe('    price: 18.5');
    expect(JSON.parse(reply.body).changedLines).toEqual(changed);
    expect(parse(after.join('\n')).books[2].price).toBe(18.5);
  });

  test('saves one after another, drafted first or not, each change exactly their own lines', async () => {
    const file = path.join(dir, 'content.yaml');
    let { data, base } = await state();
    // What the server holds as saved at `base`: the changes sent are made to it.
    let saved = structuredClone(data);
    // The third save edits again a value the first one wrote, in the document the two saves
    // before it followed; the swap makes the next document a fresh parse.
    const steps: [string, (data: any) => void, 'draft' | 'draft, then a pause' | 'no draft'][] = [
      ['a price', (data) => (data.books[1].price = 9), 'draft'],
      ['a title', (data) => (data.courses[3].title = 'Pricing: what it costs'), 'draft, then a pause'],
      ['the price again', (data) => (data.books[1].price = 16.5), 'no draft'],
      ['two courses swapped', (data) => data.courses.splice(0, 2, data.courses[1], data.courses[0]), 'draft'],
      ['opening hours', (data) => (data.agency.hours = 'Mon-Fri 9 AM-5 PM EST'), 'draft, then a pause'],
    ];
    for (const [what, change, how] of steps) {
      const before = readFileSync(file, 'utf8').split('\n');
      change(data);
      if (how !== 'no draft') expect((await api('draft', { base, changes: changesBetween(saved, data) })).status).toBe(200);
      if (how === 'draft, then a pause') await new Promise((resolve) => setTimeout(resolve, 400));
      const reply = await api('save', { base, changes: changesBetween(saved, data) });
      expect(reply.status, what).toBe(200);
      const after = readFileSync(file, 'utf8').split('\n');
      expect(parse(after.join('\n')), what).toEqual(data);
      const answer = JSON.parse(reply.body) as { base: string; changedLines: number[] };
      // Every line it does not report was there before, in the same order.
      expect(inOrder(before, after.filter((_, index) => !answer.changedLines.includes(index + 1))), what).toBe(true);
      if (what !== 'two courses swapped') {
        const changed = after.map((line, index) => (line === before[index] ? -1 : index + 1)).filter((line) => line > 0);
        expect(answer.changedLines, what).toEqual(changed);
        expect(changed, what).toHaveLength(1);
      }
      base = answer.base;
      saved = structuredClone(data);
    }
  });

  test('a file with problems is saved (it is the maintainer\'s), and the problems come back', async () => {
    const { data, base, changes } = await state();
    data.site.themeColor = 'purple';
    const reply = await api('save', { base, changes: changes() });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).problems).toContainEqual(expect.objectContaining({ path: 'site.themeColor' }));
    expect((await api('save', { base: JSON.parse(reply.body).base, changes: [{ path: ['site', 'themeColor'], value: '#7c3aed' }] })).status).toBe(200);
  });

  test('a file changed on disk since it was read is never overwritten', async () => {
    const file = path.join(dir, 'content.yaml');
    const { data, base, changes } = await state();
    const elsewhere = readFileSync(file, 'utf8').replace('founder: Marcus Hale', 'founder: Someone Else');
    writeFileSync(file, elsewhere);
    data.site.name = 'Mine';
    const reply = await api('save', { base, changes: changes() });
    expect(reply.status).toBe(409);
    expect(JSON.parse(reply.body).message).toMatch(/changed on disk/);
    expect(readFileSync(file, 'utf8')).toBe(elsewhere);
    // Reloading reads the other edit.
    const reloaded = JSON.parse((await api('reload', {})).body);
    expect(reloaded.data.site.founder).toBe('Someone Else');
  });

  test('a page opened (or reloaded) after the file changed on disk shows the file as it is now, and saves over it', async () => {
    const file = path.join(dir, 'content.yaml');
    await state();
    const elsewhere = readFileSync(file, 'utf8').replace(/founder: .*/, 'founder: Changed In Vim');
    writeFileSync(file, elsewhere);
    const { data, base, changes } = await state();
    expect(data.site.founder).toBe('Changed In Vim');
    data.site.name = 'Saved after';
    expect((await api('save', { base, changes: changes() })).status).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(elsewhere.replace(/name: Young Hustlers Network/, 'name: Saved after'));
  });
});
