import type { IncomingMessage, ServerResponse } from 'node:http';
import { devHandler } from '../dev/server.ts';
import { ContentProblemError } from '../problems/errors.ts';
import { ChangeError } from './content-changes.ts';
import type { EditorSession } from './editor-session.ts';
import { saveUpload } from './media-upload.ts';
import { API_PREFIX, EDIT_PREFIX, type DraftRequest, type SaveRequest } from './protocol.ts';
import { refusal, sameToken, tokenCookie, type Guard } from './request-guard.ts';
import { editorShell } from './ui/shell.ts';

/** The largest JSON body accepted: the content of 10,000 courses is about 3 MB. */
const MAX_JSON_BYTES = 64 * 1024 * 1024;

/**
 * The editor's request handler. /_edit/ is the editor (its page, script, style and API);
 * every other path is the live preview of the site, served as `site dev` serves it (its
 * pages reload themselves as each draft starts to build) without the problem overlay: the
 * editor shows problems at their fields.
 */
export function editorHandler(options: {
  guard: Guard;
  /** Still loading when the first requests come: they wait for it. */
  session: Promise<EditorSession>;
  assets: Promise<{ js: string; css: string }>;
  contentDir: string;
}) {
  const { guard } = options;
  let preview: ReturnType<typeof devHandler> | undefined;
  // The preview is served as site dev serves it, without the problem overlay: the editor shows problems at their fields.
  // Nothing built yet means the file had problems from the start: not a failure of the server.
  const previewOf = (session: EditorSession) => (preview ??= devHandler({ snapshot: session.snapshot, built: session.built, clients: session.previewTabs, overlay: false, nothingBuilt: NO_PREVIEW }));

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://editor');
    const route = url.pathname;
    const isApi = route.startsWith(API_PREFIX);
    // The address printed in the terminal: its token becomes a cookie, and the address bar loses it.
    if (route === EDIT_PREFIX && url.searchParams.has('token')) {
      const stopped = refusal(guard, req, 'none');
      if (stopped) return text(res, stopped.status, stopped.message);
      if (!sameToken(url.searchParams.get('token') ?? undefined, guard.token)) return text(res, 401, 'This token is not the one of this session: open the address printed in the terminal.');
      res.writeHead(303, { Location: EDIT_PREFIX, 'Set-Cookie': tokenCookie(guard), 'Cache-Control': 'no-store' }).end();
      return;
    }
    const stopped = refusal(guard, req, isApi ? 'api' : 'page');
    if (stopped) return text(res, stopped.status, stopped.message);
    try {
      if (route === EDIT_PREFIX) return send(res, 200, editorShell({ token: guard.token, title: 'Editing content.yaml' }), 'text/html; charset=utf-8', EDITOR_HEADERS);
      if (route === `${EDIT_PREFIX}editor.js`) return send(res, 200, (await options.assets).js, 'text/javascript; charset=utf-8', EDITOR_HEADERS);
      if (route === `${EDIT_PREFIX}editor.css`) return send(res, 200, (await options.assets).css, 'text/css; charset=utf-8', EDITOR_HEADERS);
      const session = await options.session;
      if (isApi) return await api(session, route.slice(API_PREFIX.length), url, req, res);
      if (route.startsWith(EDIT_PREFIX)) return text(res, 404, 'Not found');
      // The preview may be framed by the editor, and by nothing else.
      res.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
      await session.ready();
      await previewOf(session)(req, res);
    } catch (error) {
      if (res.headersSent) return void res.end();
      // A problem with the file itself (gone, not UTF-8) in its own words; anything else as it is.
      const message = error instanceof ContentProblemError ? error.problems.map((problem) => problem.message).join('; ') : error instanceof Error ? error.message : String(error);
      json(res, 500, { error: 'failed', message });
    }
  };

  async function api(session: EditorSession, name: string, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (name === 'state' && req.method === 'GET') return json(res, 200, await session.open());
    if (req.method !== 'POST') return json(res, 405, { error: 'method', message: 'Use POST.' });
    if (name === 'media') {
      const result = await saveUpload({ contentDir: options.contentDir, name: url.searchParams.get('name') ?? '', body: req, replace: url.searchParams.get('replace') === '1' });
      if (result.status === 'saved') return json(res, 201, { src: result.src });
      if (result.status === 'exists') return json(res, 409, { error: 'exists', src: result.src, message: result.message });
      return json(res, 422, { error: 'refused', message: result.message, hint: result.hint });
    }
    if (name === 'reload') return json(res, 200, await session.reload());
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return json(res, 415, { error: 'type', message: 'Send JSON.' });
    const body = await readJson(req);
    if (body === undefined) return json(res, 400, { error: 'body', message: 'The request body is not JSON, or larger than 64 MB.' });
    const { base, changes } = body as DraftRequest | SaveRequest;
    if (typeof base !== 'string' || !Array.isArray(changes)) return json(res, 400, { error: 'body', message: 'Send { base, changes }.' });
    try {
      if (name === 'draft') {
        const { computedId } = body as DraftRequest;
        const drafted = await session.draft(changes, base, typeof computedId === 'string' ? computedId : undefined);
        return drafted ? json(res, 200, drafted) : json(res, 409, { error: 'conflict', message: 'The editor’s copy of the content is out of date: reload.' });
      }
      if (name === 'save') {
        const saved = await session.save(changes, base);
        return json(res, saved.status, saved.body);
      }
    } catch (error) {
      if (error instanceof ChangeError) return json(res, 400, { error: 'body', message: `These changes do not fit the content: ${error.message}.` });
      throw error;
    }
    return json(res, 404, { error: 'unknown', message: `No such request: ${name}` });
  }
}

/** The editor's own pages: its files only, never framed. */
const EDITOR_HEADERS = {
  'Content-Security-Policy': "default-src 'self'; img-src 'self' data: blob:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Frame-Options': 'DENY',
};

const NO_PREVIEW = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No preview yet</title></head>
<body style="font: 16px/1.5 system-ui, sans-serif; margin: 2rem; color: #1f2937">
<h1 style="font-size: 1.25rem">No preview yet</h1>
<p>content.yaml has problems, listed in the form. The page appears here once they are fixed.</p>
</body></html>\n`;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, JSON.stringify(body), 'application/json; charset=utf-8');
}

function text(res: ServerResponse, status: number, message: string): void {
  send(res, status, `${message}\n`, 'text/plain; charset=utf-8');
}

function send(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}): void {
  const bytes = Buffer.from(body);
  res.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': bytes.length, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(bytes);
}

