import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { handedConnections } from '../../../generator/dev/handed-connections.ts';

// Long enough that a test relying on it would time out: each connection here must close by the rule, not by the grace.
const NO_GRACE = 60_000;

let listener: Server | undefined;
afterEach(() => listener?.close());

/** An engine's server with its handed connections, and a listener that hands it every connection (as run.ts's parent does). */
async function engine(release: Promise<void>) {
  let requested!: () => void;
  const gotRequest = new Promise<void>((resolve) => (requested = resolve));
  const server = createHttpServer(async (req, res) => {
    requested();
    if (req.url === '/held') await release;
    res.end(`answer to ${req.url}`);
  });
  const connections = handedConnections(server, NO_GRACE);
  const accepted: Socket[] = [];
  let onAccepted = () => {};
  listener = createServer((socket) => {
    connections.accept(socket);
    accepted.push(socket);
    onAccepted();
  });
  await new Promise<void>((resolve) => listener!.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as AddressInfo).port;
  const open = async () => {
    const handed = new Promise<void>((resolve) => (onAccepted = resolve));
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk) => (received += chunk));
    const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
    await handed;
    return { socket, ended, received: () => received };
  };
  return { connections, gotRequest, open, accepted };
}

const request = (url: string) => `GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

test('a response being sent as the engine closes is sent in full, then its connection closes', async () => {
  let release!: () => void;
  const { connections, gotRequest, open } = await engine(new Promise<void>((resolve) => (release = resolve)));
  const client = await open();
  client.socket.write(request('/held'));
  await gotRequest;
  const closed = connections.close();
  release();
  const answer = await client.ended;
  expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
  expect(answer).toContain('answer to /held');
  await closed;
});

test('a kept-alive connection between requests is closed at once', async () => {
  const { connections, open } = await engine(Promise.resolve());
  const client = await open();
  client.socket.write(request('/page'));
  await expect.poll(() => client.received()).toContain('answer to /page');
  expect(client.received()).toMatch(/Connection: keep-alive/i);
  await connections.close();
  await client.ended;
});

test('a connection that has not sent its request yet gets its answer, with Connection: close', async () => {
  const { connections, open } = await engine(Promise.resolve());
  const client = await open();
  const closed = connections.close();
  client.socket.write(request('/late'));
  const answer = await client.ended;
  expect(answer).toContain('answer to /late');
  expect(answer).toMatch(/Connection: close/i);
  await closed;
});

test('a connection handed over while closing is answered once, with Connection: close, and closing waits for it', async () => {
  const { connections, open, accepted } = await engine(Promise.resolve());
  const first = await open();
  const closed = connections.close();
  const late = await open();
  expect(accepted).toHaveLength(2);
  late.socket.write(request('/late'));
  const answer = await late.ended;
  expect(answer).toContain('answer to /late');
  expect(answer).toMatch(/Connection: close/i);
  first.socket.write(request('/first'));
  expect(await first.ended).toContain('answer to /first');
  await closed;
});
