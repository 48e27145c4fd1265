import type { ContentChange } from '../content-changes.ts';
import { API_PREFIX, TOKEN_HEADER, type DraftRequest, type DraftResponse, type EditorState, type MediaResponse, type SaveRefusal, type SaveRequest, type SaveResponse } from '../protocol.ts';

/*
 * The editor's server, as protocol.ts describes it: every request carries the session token
 * the page was served with, every answer is JSON. A status the protocol names comes back as
 * a value; anything else (the server gone, a 500) is thrown as an Error with a message.
 */

/** The session token the server put in the page's `<meta name="site-token">`. */
export function readToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="site-token"]')?.content ?? '';
}

const token = readToken();

async function call(endpoint: string, init: { method?: 'GET' | 'POST'; body?: BodyInit; json?: unknown; signal?: AbortSignal } = {}): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { [TOKEN_HEADER]: token };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${endpoint}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      signal: init.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new Error('The editor’s server did not answer. Is `site edit` still running?', { cause: error });
  }
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}

function unexpected(what: string, answer: { status: number; body: unknown }): Error {
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  return new Error(`${what} failed (HTTP ${answer.status})${typeof message === 'string' ? `: ${message}` : '.'}`);
}

/** GET state: the schema, the content and what was found in it. */
export async function fetchState(): Promise<EditorState> {
  const answer = await call('state');
  if (answer.status !== 200) throw unexpected('Opening the editor', answer);
  return answer.body as EditorState;
}

/** POST draft: the preview rebuilt from the content `changes` make of the file saved as `base`; its problems, and its computed values as changed since those with id `computedId`. */
export async function postDraft(changes: ContentChange[], base: string, computedId: string, signal: AbortSignal): Promise<DraftResponse> {
  const answer = await call('draft', { method: 'POST', json: { base, changes, computedId } satisfies DraftRequest, signal });
  if (answer.status !== 200) throw unexpected('Updating the preview', answer);
  return answer.body as DraftResponse;
}

/** What a save came to: saved, or refused with the reason. */
export type SaveOutcome = { saved: true; answer: SaveResponse } | { saved: false; refusal: SaveRefusal };

/** POST save: the content `changes` make of the file read as `base`, written over it. */
export async function postSave(changes: ContentChange[], base: string): Promise<SaveOutcome> {
  const answer = await call('save', { method: 'POST', json: { base, changes } satisfies SaveRequest });
  if (answer.status === 200) return { saved: true, answer: answer.body as SaveResponse };
  if (answer.status === 409 || answer.status === 422) return { saved: false, refusal: answer.body as SaveRefusal };
  throw unexpected('Saving', answer);
}

/** POST reload: the file read from disk again. */
export async function postReload(): Promise<EditorState> {
  const answer = await call('reload', { method: 'POST' });
  if (answer.status !== 200) throw unexpected('Reloading from disk', answer);
  return answer.body as EditorState;
}

/** What an upload came to: stored, a file of that name already there (`src`, when the server says it), or not an image a build accepts. */
export type UploadOutcome = { stored: true; src: string } | { stored: false; exists: true; src?: string } | { stored: false; exists: false; message: string; hint?: string };

/** POST media: an image's bytes stored as media/<name>, over a file of that name only when `replace`. */
export async function postMedia(name: string, bytes: Blob, replace: boolean): Promise<UploadOutcome> {
  const query = `name=${encodeURIComponent(name)}${replace ? '&replace=1' : ''}`;
  const answer = await call(`media?${query}`, { method: 'POST', body: bytes });
  if (answer.status === 201 || answer.status === 200) return { stored: true, src: (answer.body as MediaResponse).src };
  const body = (answer.body ?? {}) as { src?: unknown; message?: unknown; hint?: unknown };
  if (answer.status === 409) return { stored: false, exists: true, src: typeof body.src === 'string' ? body.src : undefined };
  if (answer.status === 422)
    return { stored: false, exists: false, message: typeof body.message === 'string' ? body.message : 'This file is not an image the build accepts.', hint: typeof body.hint === 'string' ? body.hint : undefined };
  throw unexpected('Uploading the image', answer);
}
