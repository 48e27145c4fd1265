/*
 * What the editor's page (ui/) and its server (editor-server.ts) say to each other. Every
 * request to /_edit/api/ carries the session token in the X-Site-Token header; the server
 * answers JSON. Paths into the content are dotted, as problems print them: `bundles.1.books.2`.
 */

import type { ContentChange } from './content-changes.ts';

/** The prefix of every route of the editor; everything else on the origin is the live preview of the site. */
export const EDIT_PREFIX = '/_edit/';
export const API_PREFIX = '/_edit/api/';
/** The header every API request carries the session token in. */
export const TOKEN_HEADER = 'x-site-token';

/** One problem `site check` would report, at the field it belongs to. */
export interface FieldProblem {
  /** Dotted path into the content; empty for the whole file. */
  path: string;
  message: string;
  hint?: string;
  /** 1-based line in the draft of content.yaml, when known. */
  line?: number;
}

/** GET /_edit/api/state (and POST /_edit/api/reload, which reads the file again first). */
export interface EditorState {
  /** The file's name as problems print it, like "content.yaml". */
  file: string;
  /** The JSON Schema (draft 07) of content.yaml, with `x-edit` hints (see EditHint). */
  schema: JsonSchema;
  /** The content as plain data, as read from the file. */
  data: unknown;
  /** The identity of the file's bytes on disk as read; a save names it, and is refused if the file has changed since. */
  base: string;
  problems: FieldProblem[];
  /** Values worked out from the content, by the dotted path they describe: all of them (see ComputedAnswer). */
  computed: ComputedAnswer;
  /** The icon set: name → SVG path data (24×24 viewBox, stroked with currentColor). */
  icons: Record<string, string>;
  /** Image files under media/, as content.yaml names them ("media/founder.jpg"). */
  media: string[];
}

/**
 * POST /_edit/api/draft, body `{ base, changes }`: the preview rebuilt from the content
 * that `changes` (content-changes.ts) make of the file as read or saved as `base`, and its
 * problems. 409: this session does not know `base` (read the state again).
 */
export interface DraftRequest {
  base: string;
  changes: ContentChange[];
  /** The id of the computed values the page holds, if any: the answer then carries only what differs from them. */
  computedId?: string;
}
export interface DraftResponse {
  problems: FieldProblem[];
  computed: ComputedAnswer;
  /** Edits that cannot be made in the file (a value reached through an alias); the preview ignores them. */
  refused: FieldProblem[];
}

/** POST /_edit/api/save, body `{ base, changes }`, as a draft's: the content they make is written over the file read as `base`. */
export interface SaveRequest {
  base: string;
  changes: ContentChange[];
}
/** 200: saved (problems may remain: the file is the maintainer's, but `site build` refuses it until they are fixed). */
export interface SaveResponse {
  base: string;
  problems: FieldProblem[];
  /** 1-based line numbers of the saved file that changed, for the message "saved: lines …". */
  changedLines: number[];
}
/** 409: the file changed on disk since `base`; nothing was written. 422: `refused` edits; nothing was written. */
export interface SaveRefusal {
  error: 'conflict' | 'refused';
  message: string;
  refused?: FieldProblem[];
}

/**
 * POST /_edit/api/media?name=<file name>[&replace=1], body the image's bytes: stores it as
 * media/<name> after the checks a build makes (type, bytes, megapixels).
 * 201: `{ src: "media/<name>" }`. 409: a file of that name exists and replace was not asked
 * for. 422: `{ message }`, not an image the build accepts.
 */
export interface MediaResponse {
  src: string;
}

/**
 * Values derived from the content, shown beside the fields they come from, by dotted path:
 * `bundles.0` → ["Original price $44.97", "Savings $14.98"], `pages.faq` → ["Title: FAQ | Young Hustlers Network"].
 */
export type Computed = Record<string, string[]>;

/**
 * Computed values in an answer, and their id: all of them, or (`since`: the id of those
 * the request said the page holds) only the paths whose values differ from those, null for
 * a path no longer computed. A large site computes thousands of them, and a keystroke
 * changes one or two.
 */
export type ComputedAnswer = { id: string; all: Computed } | { id: string; since: string; changed: Record<string, string[] | null> };

/**
 * Hints the schema carries for the editor (zod `.meta({ edit })`, output as `x-edit`):
 * - `{ kind: "icon" }` a name from the icon set;
 * - `{ kind: "image" }` an image object {src, alt?, decorative?} whose src is a file in media/;
 * - `{ kind: "reference", list: "books", by: "id", label: "title" }` values picked from another list;
 * - `{ kind: "multiline" }` long text.
 */
export type EditHint = { kind: 'icon' } | { kind: 'image' } | { kind: 'reference'; list: string; by: string; label: string } | { kind: 'multiline' };

/** The JSON Schema subset the forms read. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  definitions?: Record<string, JsonSchema>;
  'x-edit'?: EditHint;
}
