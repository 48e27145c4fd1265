import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

/** Security headers the static host would add (the full set lives in out/_headers). */
const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * The nearest 404.html above a URL path, as Cloudflare Pages does (and as our _redirects
 * and nginx config do for /course/*): /course/99 gets course/404.html, others 404.html.
 */
function notFoundPage(root: string, urlPath: string): string | null {
  const segments = urlPath.split('/').filter(Boolean);
  for (let depth = segments.length - 1; depth >= 0; depth -= 1) {
    const candidate = path.join(root, ...segments.slice(0, depth), '404.html');
    if (candidate.startsWith(root + path.sep) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** A request path that must never reach the file system: traversal, NUL, backslashes. */
function isUnsafePath(rawUrl: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawUrl.split('?')[0] ?? '');
  } catch {
    return true;
  }
  return decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..') || !decoded.startsWith('/');
}

/** Handles one request the way a static CDN serves out/. */
export function staticHandler(options: { root: string; onRequest?: (req: IncomingMessage, res: ServerResponse) => boolean }) {
  const root = path.resolve(options.root);
  const assets = sirv(root, {
    dev: false,
    etag: true,
    extensions: ['html'],
    dotfiles: false,
    setHeaders: (res, pathname) => {
      for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
    },
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    if (options.onRequest?.(req, res)) return;
    const url = req.url ?? '/';
    if (isUnsafePath(url)) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', ...BASE_HEADERS }).end('Bad request\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', ...BASE_HEADERS }).end('Method not allowed\n');
      return;
    }
    assets(req, res, () => {
      const page = notFoundPage(root, decodeURIComponent(url.split('?')[0] ?? '/'));
      res.statusCode = 404;
      for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
      if (!page) {
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('Not found\n');
        return;
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(req.method === 'HEAD' ? undefined : readFileSync(page));
    });
  };
}

/** Starts serving `root` on host:port; resolves once listening. */
export async function serveStatic(options: { root: string; port: number; host: string }): Promise<Server> {
  const root = path.resolve(options.root);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`${root} does not exist`);
  const server = createServer(staticHandler({ root }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
