import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The connections of an engine (see handedConnections). */
export interface HandedConnections {
  /** Serves a connection: as any other, or, once closing began, by the closing rules. */
  accept(socket: Socket): void;
  /** Closes every connection by the rules, those accepted meanwhile too; resolves once all are closed. */
  close(): Promise<void>;
}

interface Connection {
  /** Responses finished on it: a browser resends a request only on a connection it reused. */
  served: number;
  inFlight: number;
}

/**
 * The connections an engine serves, handed over by the process that holds the address
 * (run.ts). A server that does not listen itself does not track its connections
 * (`closeIdleConnections()` finds none), so this does, to close them the way a browser
 * takes without an error: a connection between requests is closed at once (a browser sends
 * its next request again on a new connection); a response being sent is finished first,
 * then its connection closed; a connection that has not sent its request yet is answered
 * once, with `Connection: close`; so is one handed over while closing. Whatever is still
 * open after `graceMs` is closed anyway.
 */
export function handedConnections(server: Server, graceMs = 1000): HandedConnections {
  const open = new Map<Socket, Connection>();
  let closing = false;
  const closeIfIdle = (socket: Socket, connection: Connection) => {
    if (closing && connection.inFlight === 0 && connection.served > 0) socket.destroy();
  };
  // Before the server's handler, which may answer at once.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as Socket;
    const connection = open.get(socket);
    if (!connection) return;
    connection.inFlight += 1;
    if (closing) res.shouldKeepAlive = false;
    res.once('close', () => {
      connection.inFlight -= 1;
      connection.served += 1;
      closeIfIdle(socket, connection);
    });
  });
  let drained: (() => void) | undefined;
  return {
    accept(socket) {
      open.set(socket, { served: 0, inFlight: 0 });
      socket.once('close', () => {
        open.delete(socket);
        if (open.size === 0) drained?.();
      });
      server.emit('connection', socket);
    },
    async close() {
      closing = true;
      for (const [socket, connection] of open) closeIfIdle(socket, connection);
      const closed = open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      for (const socket of open.keys()) socket.destroy();
    },
  };
}
