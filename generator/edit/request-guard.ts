import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_HEADER } from './protocol.ts';

/*
 * Who may talk to the editor. It writes files, so it listens on loopback only, and a
 * request must also:
 * - name the editor's own address in Host: a page elsewhere that points a name of its own
 *   at 127.0.0.1 (DNS rebinding) sends its own name;
 * - come from the editor's own origin when it says where it comes from (Origin,
 *   Sec-Fetch-Site): another site's page cannot post to it;
 * - carry the session's token: the editor's API in a header (which another origin cannot
 *   set without a preflight the editor never answers), pages in the cookie the address
 *   printed in the terminal sets.
 */

export interface Guard {
  token: string;
  /** The cookie that carries the token: one per port, as cookies ignore ports. */
  cookie: string;
  /** The Host values this editor answers to. */
  hosts: ReadonlySet<string>;
}

export function createGuard(port: number): Guard {
  return {
    token: randomBytes(24).toString('base64url'),
    cookie: `site-edit-${port}`,
    hosts: new Set([`127.0.0.1:${port}`, `localhost:${port}`]),
  };
}

/** Why a request is refused, or null when it may go on. */
export function refusal(guard: Guard, req: IncomingMessage, need: 'page' | 'api' | 'none'): { status: number; message: string } | null {
  const host = req.headers.host ?? '';
  if (!guard.hosts.has(host)) return { status: 421, message: `This editor answers only at http://${[...guard.hosts][0]}/ (the request named ${host || 'no host'}).` };
  const origin = req.headers.origin;
  if (origin !== undefined && !guard.hosts.has(origin.replace(/^http:\/\//, ''))) return { status: 403, message: 'Requests from other sites are refused.' };
  const site = req.headers['sec-fetch-site'];
  if (need === 'api' && site !== undefined && site !== 'same-origin') return { status: 403, message: 'Requests from other sites are refused.' };
  if (need === 'api' && !sameToken(header(req, TOKEN_HEADER), guard.token)) return { status: 401, message: 'The session token is missing or wrong: open the address printed in the terminal.' };
  if (need === 'page' && !sameToken(cookieOf(req, guard.cookie), guard.token)) return { status: 401, message: 'Open the address printed in the terminal where "site edit" runs: it carries this session\'s token.' };
  return null;
}

/** Whether `given` is the token, compared in constant time. */
export function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Set-Cookie value that lets this browser's pages and preview in. */
export function tokenCookie(guard: Guard): string {
  return `${guard.cookie}=${guard.token}; HttpOnly; SameSite=Strict; Path=/`;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
