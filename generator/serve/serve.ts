import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { headersForPath, parseHeadersFile, parseRedirectsFile, redirectForPath, type HeaderRule, type RedirectRule } from '../site-files/host-rules.ts';
import { REVALIDATE_CACHE } from '../site-files/hosting-files.ts';

/** Headers sent when out/ has no _headers file (an old build). */
const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Files a static host reads as configuration and never serves. */
const HOST_FILES = new Set(['/_headers', '/_redirects']);

/** out/_headers and out/_redirects, read again whenever a rebuild replaces them. */
function hostRules(root: string) {
  const cache = new Map<string, { stamp: string; text: string | null }>();
  const read = (name: string) => {
    const file = path.join(root, name);
    const stat = existsSync(file) ? statSync(file) : null;
    // A rebuild swaps out/ (new inode); an edit in place changes size or mtime.
    const stamp = stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : 'none';
    let entry = cache.get(name);
    if (!entry || entry.stamp !== stamp) {
      entry = { stamp, text: stat ? readFileSync(file, 'utf8') : null };
      cache.set(name, entry);
    }
    return entry.text;
  };
  let parsed: { headersText: string | null; redirectsText: string | null; headers: HeaderRule[] | null; redirects: RedirectRule[] } | null = null;
  return () => {
    const headersText = read('_headers');
    const redirectsText = read('_redirects');
    if (!parsed || parsed.headersText !== headersText || parsed.redirectsText !== redirectsText)
      parsed = { headersText, redirectsText, headers: headersText === null ? null : parseHeadersFile(headersText), redirects: redirectsText === null ? [] : parseRedirectsFile(redirectsText) };
    return parsed;
  };
}

/**
 * The headers a response to `urlPath` carries: the matching rules of out/_headers, as
 * Netlify and Cloudflare Pages apply them, and the hosts' default Cache-Control where no
 * rule sets one. Without a _headers file: the basic security headers only.
 */
function responseHeaders(rules: HeaderRule[] | null, urlPath: string): Record<string, string> {
  if (!rules)
    return { ...BASE_HEADERS, 'Cache-Control': urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : REVALIDATE_CACHE };
  const headers = headersForPath(rules, urlPath);
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'cache-control')) headers['Cache-Control'] = REVALIDATE_CACHE;
  return headers;
}

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

/**
 * Handles one request the way a static CDN serves out/: the headers of out/_headers, the
 * redirects of out/_redirects, directory indexes and the nearest 404.html.
 */
export function staticHandler(options: { root: string; onRequest?: (req: IncomingMessage, res: ServerResponse) => boolean }) {
  const root = path.resolve(options.root);
  // sirv indexes the folder once; `site build` swaps in a new out/ (a new inode), so
  // index again when that happens, or a rebuild would be served with stale asset names.
  const index = () => sirv(root, { dev: false, etag: true, extensions: ['html'], dotfiles: false });
  let assets = index();
  let indexed = inodeOf(root);
  const rules = hostRules(root);
  // Compress like a CDN does (brotli or gzip, by Accept-Encoding): without it a local
  // audit measures three times the bytes a visitor downloads.
  const compress = compression({ threshold: 1024 });
  return (req: IncomingMessage, res: ServerResponse) =>
    compress(req as never, res as never, () => {
      try {
        handle(req, res);
      } catch (error) {
        // Between the two renames of a build's swap out/ is not there for a moment: the
        // request is asked to come again; anything else is this server's fault, never its end.
        const swapping = inodeOf(root) === -1;
        if (!swapping) console.error(error);
        if (res.headersSent) return void res.destroy();
        res.writeHead(swapping ? 503 : 500, { 'Content-Type': 'text/plain; charset=utf-8', ...(swapping ? { 'Retry-After': '1' } : {}), ...BASE_HEADERS });
        res.end(swapping ? 'out/ is being replaced by a build: try again in a moment\n' : 'Internal error\n');
      }
    });
  function handle(req: IncomingMessage, res: ServerResponse) {
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
    const urlPath = decodeURIComponent(url.split('?')[0] ?? '/');
    const { headers, redirects } = rules();
    for (const [name, value] of Object.entries(responseHeaders(headers, urlPath))) res.setHeader(name, value);
    const redirect = redirectForPath(redirects, urlPath);
    if (redirect && redirect.status >= 300 && redirect.status < 400) {
      res.writeHead(redirect.status, { Location: redirect.to, 'Content-Type': 'text/plain; charset=utf-8' }).end(`Moved to ${redirect.to}\n`);
      return;
    }
    const notFound = () => {
      // A 404 rule of _redirects (/course/* → /course/404.html) first, then the nearest 404.html.
      const ruled = redirect?.status === 404 ? path.join(root, redirect.to) : null;
      const page = ruled && ruled.startsWith(root + path.sep) && existsSync(ruled) ? ruled : notFoundPage(root, urlPath);
      res.statusCode = 404;
      if (!page) {
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('Not found\n');
        return;
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(req.method === 'HEAD' ? undefined : readFileSync(page));
    };
    if (HOST_FILES.has(urlPath) || standsButIsNoFile(root, urlPath)) return notFound();
    const current = inodeOf(root);
    if (current !== indexed) [assets, indexed] = [index(), current];
    assets(req, res, notFound);
  }
}

/**
 * Whether what the request would be answered with is neither a file nor a folder: a named
 * pipe or a device put in out/ by hand would hold the request open for ever, and a few of
 * them every other request too (reading them takes Node's few file-system threads).
 */
function standsButIsNoFile(root: string, urlPath: string): boolean {
  const file = path.join(root, urlPath);
  return [file, `${file}.html`, path.join(file, 'index.html')].some((candidate) => {
    const stats = statSync(candidate, { throwIfNoEntry: false });
    return stats !== undefined && !stats.isFile() && !stats.isDirectory();
  });
}

function inodeOf(folder: string): number {
  try {
    return statSync(folder).ino;
  } catch {
    return -1;
  }
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

/** The URL to print for a server bound to host:port (0.0.0.0 and :: are shown as localhost). */
export function serverUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}/`;
}
