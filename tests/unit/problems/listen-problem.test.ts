import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listenProblem } from '../../../generator/problems/listen-problem.ts';
import { contentCopy, runSite } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp.ts';

// 192.0.2.1 is in TEST-NET-1 (RFC 5737): never an address of this machine.
const NOT_HERE = '192.0.2.1';

/** A folder that looks like a built out/ to `site serve`. */
function builtOut(): string {
  const dir = tempDir('site-serve-');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
  return dir;
}

describe('a server that cannot start says why and what to do, exit 2, no stack', () => {
  let busy: net.Server;
  let busyPort = 0;
  beforeAll(async () => {
    busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  test('site serve on a port another program holds', async () => {
    const result = await runSite(['serve', '--out', builtOut(), '--port', String(busyPort)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`port ${busyPort} is already in use\nhint: Choose another with --port N (0 picks a free one).`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  test('site serve on a host that is not this machine', async () => {
    const result = await runSite(['serve', '--out', builtOut(), '--host', NOT_HERE]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${NOT_HERE} is not an address of this machine\nhint: Use --host 127.0.0.1`);
    expect(result.stderr).not.toContain('unexpected failure');
  });

  test('site dev says the same, before it builds', async () => {
    const { dir } = contentCopy();
    const result = await runSite(['dev', '--host', NOT_HERE, '--port', '0'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${NOT_HERE} is not an address of this machine`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

test('a port kept for the administrator, and a host name that resolves nowhere, are problems too; other errors, a watcher\'s refusal among them, are not', () => {
  // As Node raises them (a test run as root is never refused port 80).
  const refused = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES', syscall: 'listen', port: 80 });
  expect(listenProblem(refused)?.message).toBe('this user may not listen on port 80');
  expect(listenProblem(refused)?.hint).toMatch(/from 1024 up/);
  const unknown = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: 'nowhere.invalid' });
  expect(listenProblem(unknown)?.message).toBe('the host name nowhere.invalid was not found');
  // A folder the file watcher may not read is not the port's doing.
  const watcher = Object.assign(new Error("EACCES: permission denied, scandir 'site'"), { code: 'EACCES', syscall: 'scandir', path: 'site' });
  expect(listenProblem(watcher)).toBeNull();
  expect(listenProblem(new TypeError('x is undefined'))).toBeNull();
  expect(listenProblem(undefined)).toBeNull();
});
