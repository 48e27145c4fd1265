import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MemorySite } from '../output/memory-output.ts';
import type { Problem } from '../problems/errors.ts';
import { CLIENT_PATH, CLIENT_SCRIPT, EVENTS_PATH, injectDevTags, OVERLAY_CSS, OVERLAY_CSS_PATH, problemsPage } from './client-script.ts';

/** What the dev server serves: the last good build (null before the first) and the current problems. */
export interface DevSnapshot {
  /** Files by their path under out/, like "about/index.html". */
  files: MemorySite | null;
  /**
   * The rebuild in progress: its version, which open tabs are told, and its pages rendered
   * before the rest (see DevSession.built), served over `files`.
   */
  building?: { version: string; first: RenderedFirst };
  /** A card not drawn yet, drawn now: the file it is drawn into; null when `file` is none. */
  card?: (file: string) => Promise<string> | null;
  problems: readonly Problem[];
  /** The version of `files` and `problems`: changes whenever they do. A page is tagged with the version it was served from, and reloads when told another. */
  version: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The pages a rebuild rendered before the rest: their files' contents, by path under out/. */
export type RenderedFirst = ReadonlyMap<string, string>;

/** The file among those rendered first that answers `urlPath`, if any. */
export function renderedFirstFile(first: RenderedFirst, urlPath: string): string | undefined {
  return candidateFiles(urlPath).find((name) => first.has(name));
}

/** The files a URL path may name, in the order a static host tries them. */
function candidateFiles(urlPath: string): string[] {
  const file = urlPath.replace(/^\/+/, '').replace(/\/+$/, '');
  return file === '' ? ['index.html'] : [file, `${file}/index.html`, `${file}.html`];
}

/** The nearest 404.html above a URL path, as the static host does (see serve.ts). */
function notFoundFile(files: ReadonlyMap<string, unknown>, urlPath: string): string | undefined {
  const segments = urlPath.split('/').filter(Boolean);
  for (let depth = segments.length - 1; depth >= 0; depth -= 1) {
    const file = [...segments.slice(0, depth), '404.html'].join('/');
    if (files.has(file)) return file;
  }
  return undefined;
}

/**
 * The dev server's request handler: the last good build from memory, with the dev client
 * (and the overlay while there are problems) added to every HTML page, plus the event
 * stream that tells open tabs to reload. No CSP header: dev adds external files only.
 */
export function devHandler(options: {
  snapshot: () => DevSnapshot;
  /**
   * Resolves once a request for `urlPath` can be answered from the rebuild running, if any
   * (see DevSession.built): a tab told to reload as a rebuild starts gets its result.
   */
  built?: (urlPath: string) => Promise<void>;
  clients: Set<ServerResponse>;
  /** Whether HTML pages show the problems over the page (not in the content editor's preview: it shows them at their fields). */
  overlay?: boolean;
  /**
   * The page served while nothing has built yet, with the reload script, so that it turns
   * into the site once a build succeeds (default: the problems, over an empty page).
   */
  nothingBuilt?: string;
}) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    if (urlPath === EVENTS_PATH) {
      const snapshot = options.snapshot();
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      // Reconnect quickly after a restart of `site dev`.
      res.write(`retry: 300\nevent: version\ndata: ${snapshot.building?.version ?? snapshot.version}\n\n`);
      options.clients.add(res);
      req.on('close', () => options.clients.delete(res));
      return;
    }
    if (urlPath === CLIENT_PATH) return send(req, res, 200, CLIENT_SCRIPT, 'text/javascript; charset=utf-8', 'no-store');
    if (urlPath === OVERLAY_CSS_PATH) return send(req, res, 200, OVERLAY_CSS, 'text/css; charset=utf-8', 'no-store');
    // A file of assets/ is named by a hash of its bytes: one the last build has is the same
    // in the rebuild, and is served at once (a tab opened meanwhile gets its scripts).
    if (!isKeptAsset(options.snapshot(), urlPath)) await options.built?.(urlPath);
    const snapshot = options.snapshot();
    if (!snapshot.files) {
      if (options.nothingBuilt) return send(req, res, 200, injectDevTags(options.nothingBuilt, { version: snapshot.version, problems: [] }), CONTENT_TYPES['.html']!, 'no-store');
      return send(req, res, 500, problemsPage(snapshot), CONTENT_TYPES['.html']!, 'no-store');
    }
    const files = snapshot.files;
    const card = snapshot.card?.(urlPath.slice(1));
    if (card) {
      card.then(
        (drawn) => send(req, res, 200, readFileSync(drawn), CONTENT_TYPES['.png']!, 'no-store'),
        () => send(req, res, 500, 'The card could not be drawn.\n', 'text/plain; charset=utf-8', 'no-store'),
      );
      return;
    }
    // A page rendered first passed the content's checks: no overlay (if the rebuild fails
    // after all, the tab is told to reload onto the last good page).
    const { building } = snapshot;
    const first = building && renderedFirstFile(building.first, urlPath);
    const state = { version: first ? building.version : snapshot.version, problems: first || options.overlay === false ? [] : snapshot.problems };
    let status = 200;
    let file = first ?? candidateFiles(urlPath).find((name) => files.has(name));
    if (!file) {
      status = 404;
      file = notFoundFile(files, urlPath);
      if (!file) return send(req, res, 404, 'Not found\n', 'text/plain; charset=utf-8', 'no-store');
    }
    const extension = path.posix.extname(file);
    const type = CONTENT_TYPES[extension] ?? 'application/octet-stream';
    const contents = first ? building.first.get(first)! : files.get(file)!.contents;
    if (extension === '.html') return send(req, res, status, injectDevTags(typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8'), state), type, 'no-store');
    // Asset names carry a content hash: a tab may keep them while the HTML is always fresh.
    send(req, res, status, contents, type, file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-store');
  };
}

/** Whether `urlPath` names a file of assets/ that the last good build has. */
function isKeptAsset(snapshot: DevSnapshot, urlPath: string): boolean {
  return urlPath.startsWith('/assets/') && (snapshot.files?.has(urlPath.slice(1)) ?? false);
}

function send(req: IncomingMessage, res: ServerResponse, status: number, body: string | Uint8Array, type: string, cache: string): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': bytes.length, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** Tells every open tab the current version (they reload when it is not theirs). */
export function broadcastVersion(clients: ReadonlySet<ServerResponse>, version: string): void {
  for (const client of clients) client.write(`event: version\ndata: ${version}\n\n`);
}
