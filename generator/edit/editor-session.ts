import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { ICON_PATHS } from '../../site/model/icons.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { coursePath, STATIC_PATHS } from '../../site/model/routes.ts';
import { contentJsonSchema } from '../content/json-schema.ts';
import { loadContent, readContent } from '../content/read-content.ts';
import { broadcastVersion } from '../dev/server.ts';
import type { DevSession, DevSessionOptions, DevUpdate } from '../dev/session.ts';
import { ContentProblemError, type Problem } from '../problems/errors.ts';
import { applyChanges, type ContentChange } from './content-changes.ts';
import { readContentForEdit, readsBack, saveContent, type PreparedEdit, type ReadFile } from './content-file-edit.ts';
import { listMedia } from './media-upload.ts';
import type { Computed, ComputedAnswer, DraftResponse, EditorState, FieldProblem, JsonSchema, SaveRefusal, SaveResponse } from './protocol.ts';
import { deepEqual, editYaml, readYamlSource, type RefusedEdit, type YamlSource } from './yaml/yaml-edit.ts';
import { followEdit } from './yaml/yaml-follow.ts';

/** How many versions of the content as read or saved the session keeps (see `known`). */
const KNOWN_VERSIONS = 3;

/** How long the form must be quiet before the last draft's text is read back (for a save). */
const QUIET_MS = 200;

/**
 * What `site edit` holds: content.yaml as read (its text and identity, and its document
 * once an edit needs it), the draft the form has made of it, and the live preview, which
 * is `site dev`'s engine building the draft's text in memory. A draft never touches the
 * file; only a save does.
 */
export function createEditorSession(options: Omit<DevSessionOptions, 'draft'> & { onFirstBuild?: (update: DevUpdate) => void }) {
  const contentDir = path.dirname(options.contentFile);
  const displayName = path.relative(options.cwd, options.contentFile) || options.contentFile;
  let file: ReadFile = readContentForEdit(options.contentFile, displayName);
  // The draft's text and data; data undefined: the engine reads it from the text.
  let draft: { text: string; data: unknown } = { text: file.text, data: undefined };

  // The preview (site dev's engine) is loaded and built once the form has its content, or
  // when something asks for it first: loading and a first build take longer than the form
  // needs, and the form should not wait for them.
  let preview: DevSession | undefined;
  let started: Promise<void> | undefined;
  const ready = (): Promise<void> =>
    (started ??= import('../dev/session.ts')
      .then(({ createDevSession }) => createDevSession({ ...options, draft: () => draft }))
      .then(async (session) => {
        preview = session;
        const update = await session.update('all');
        if (update && update !== 'restart') options.onFirstBuild?.(update);
      }));
  // The preview's pages reload themselves as site dev's tabs do: told as each build starts,
  // they ask for their page while it builds, and get it as soon as it is rendered.
  const previewTabs = new Set<ServerResponse>();

  // The content as read or saved, by the identity of the file's bytes: what the form's
  // changes (content-changes.ts) are made to. The last few are kept, for a draft sent
  // just before a save and answered after it.
  const known = new Map<string, unknown>();
  const remember = (base: string, data: unknown) => {
    known.delete(base);
    known.set(base, data);
    for (const old of known.keys()) if (known.size > KNOWN_VERSIONS) known.delete(old);
  };
  /** The content the form's `changes` to the file read or saved as `base` make; null when this session does not know that file. */
  const contentOf = (base: string, changes: readonly ContentChange[]): { data: unknown } | null => (known.has(base) ? { data: applyChanges(known.get(base), changes) } : null);

  // The file's document (yaml-edit.ts), made when an edit first needs it: parsing a large
  // file is slow, and the form need not wait for it. After a save, it is made from the
  // document edited (yaml-follow.ts) when the save only set values.
  let parsed: { base: string; make: () => YamlSource | null; source?: YamlSource | null } | undefined;
  const sourceOf = (): YamlSource | null => {
    if (parsed?.base !== file.base) parsed = { base: file.base, make: () => shared(readYamlSource(file.text), known.get(file.base)) };
    if (parsed.source === undefined) parsed.source = parsed.make();
    return parsed.source;
  };
  /** Parses the document once the answer at hand is sent. */
  const parseSoon = () => void setImmediate(sourceOf);
  const schema = contentJsonSchema() as JsonSchema;

  // The computed values of the newest draft or read, by id, and what changed since the
  // values before them: an answer carries only that to a page that holds those.
  const idPrefix = Date.now().toString(36);
  let computedCount = 0;
  let computed: { id: string; values: Computed; since?: { id: string; changed: Record<string, string[] | null> } } = { id: `${idPrefix}.0`, values: {} };
  const setComputed = (values: Computed) => {
    const changed = changedValues(computed.values, values);
    if (Object.keys(changed).length > 0) computed = { id: `${idPrefix}.${++computedCount}`, values, since: { id: computed.id, changed } };
  };
  /** The computed values as an answer to a page that holds those with id `held`. */
  const computedAnswer = (held?: string): ComputedAnswer => {
    const { id, values, since } = computed;
    if (held === id) return { id, since: held, changed: {} };
    if (since && held === since.id) return { id, since: held, changed: since.changed };
    return { id, all: values };
  };

  // Drafts are built one at a time; one waiting for its turn is replaced by a newer one.
  let latest: unknown = undefined;
  let asked = 0;
  let built = 0;
  let queue = Promise.resolve();
  let last: Omit<DraftResponse, 'computed'> = { problems: [], refused: [] };
  /** The text the last answer (`last`) was built from. */
  let lastText: string | undefined;
  // The last draft's edit, which a save of the same data reuses: read back as the build
  // reads it (`readsBack`) once the form is quiet for a moment, so the save need not.
  let drafted: { source: YamlSource; data: unknown; edit: PreparedEdit } | undefined;
  let readBackLater: NodeJS.Timeout | undefined;
  const readBackSoon = () => {
    clearTimeout(readBackLater);
    readBackLater = setTimeout(() => {
      if (drafted && !drafted.edit.readsBack) drafted.edit.readsBack = readsBack(drafted.edit.text, drafted.data);
    }, QUIET_MS);
  };

  async function buildDraft(): Promise<void> {
    const ticket = asked;
    let refused: RefusedEdit[] = [];
    const source = latest === undefined ? null : sourceOf();
    // No draft (the file as read again): the file's own text.
    if (latest === undefined) draft = { text: file.text, data: undefined };
    else if (source) {
      const edited = editYaml(source, latest);
      if (edited.text === null) refused = edited.refused;
      else {
        draft = { text: edited.text, data: latest };
        drafted = { source, data: latest, edit: { ...edited, readsBack: false } };
      }
    }
    const text = draft.text;
    await ready();
    const update = await preview!.update(new Set([options.contentFile]), (version) => broadcastVersion(previewTabs, version));
    built = ticket;
    lastText = text;
    const problems = update && update !== 'restart' ? update.problems : [];
    setComputed(problems.length === 0 && preview!.data ? computedOf(preview!.data) : {});
    last = {
      problems: problems.map(toFieldProblem),
      refused: refused.map((refusal) => ({ path: refusal.path, message: refusal.message, line: refusal.line })),
    };
    readBackSoon();
  }

  /** The preview built from `data` (undefined: the file as it is), after any build asked for before. */
  function nextBuild(data: unknown): Promise<void> {
    latest = data;
    asked += 1;
    const ticket = asked;
    queue = queue.then(() => (built >= ticket ? undefined : buildDraft()));
    return queue;
  }

  /** The file's data (null when it cannot be parsed), the problems `site check` reports on it, and what it computes. */
  async function checkFile(): Promise<{ data: unknown; problems: FieldProblem[]; computed: Computed }> {
    let data: unknown = null;
    try {
      data = loadContent({ file: options.contentFile, cwd: options.cwd, text: file.text }).data;
      const content = await readContent({ file: options.contentFile, cwd: options.cwd, text: file.text, data });
      return { data, problems: [], computed: computedOf(content.data) };
    } catch (error) {
      if (!(error instanceof ContentProblemError)) throw error;
      return { data, problems: error.problems.map(toFieldProblem), computed: {} };
    }
  }

  /** Takes the file as read now, dropping the draft, and answers with its state. */
  async function readAgain(now: ReadFile): Promise<EditorState> {
    file = now;
    await nextBuild(undefined);
    return state();
  }

  async function state(): Promise<EditorState> {
    const checked = await checkFile();
    remember(file.base, checked.data);
    setComputed(checked.computed);
    // Once this answer is sent: the preview, and the document edits will need.
    setImmediate(() => void ready());
    parseSoon();
    return {
      file: displayName,
      schema,
      data: checked.data,
      base: file.base,
      problems: checked.problems,
      computed: computedAnswer(),
      icons: { ...ICON_PATHS },
      media: listMedia(contentDir),
    };
  }

  return {
    /** The preview's files to serve (none before its first good build). */
    snapshot: () => preview!.snapshot(),
    /** The preview's open pages, told to reload as each build starts (site dev's event stream). */
    previewTabs,
    /** Resolves once a request for `urlPath` can be answered from the preview's build in progress, if any (DevSession.built). */
    built: (urlPath: string): Promise<void> => preview?.built(urlPath) ?? Promise.resolve(),
    /** Resolves once the preview's first build has finished, starting it if need be (a failed build leaves no files to serve). */
    ready: () => ready().catch(() => undefined),
    state,
    /**
     * Builds the preview from the content `changes` make of the file read or saved as `base`;
     * resolves once a build that includes it has finished (null: `base` is not known), with
     * the computed values as changed since those with id `computedId`.
     */
    async draft(changes: readonly ContentChange[], base: string, computedId?: string): Promise<DraftResponse | null> {
      const draft = contentOf(base, changes);
      if (!draft) return null;
      await nextBuild(draft.data);
      return { ...last, computed: computedAnswer(computedId) };
    },
    /** Saves the content `changes` make of the file read or saved as `base` into that file, if it is still on disk as it was. */
    async save(changes: readonly ContentChange[], base: string): Promise<{ status: 200; body: SaveResponse } | { status: 409 | 422; body: SaveRefusal }> {
      const edited = contentOf(base, changes);
      if (!edited) return { status: 409, body: { error: 'conflict', message: `${displayName} changed since the editor read it. Nothing was saved.` } };
      const { data } = edited;
      const source = sourceOf();
      const prepared = drafted && drafted.source === source && deepEqual(drafted.data, data) ? drafted.edit : undefined;
      const outcome = saveContent(options.contentFile, { ...file, source }, base, data, prepared);
      if (outcome.status === 'conflict') {
        return { status: 409, body: { error: 'conflict', message: `${displayName} changed on disk since the editor read it (another editor, a git pull, a branch switched or the file deleted). Nothing was saved.` } };
      }
      if (outcome.status === 'refused') {
        return {
          status: 422,
          body: { error: 'refused', message: 'Nothing was saved: some edits cannot be made in the form.', refused: outcome.refused.map((refusal) => ({ path: refusal.path, message: refusal.message, line: refusal.line })) },
        };
      }
      // The text saved is most often the draft the preview was just built from: its problems are known.
      const asBuilt = lastText === outcome.file.text;
      file = outcome.file;
      remember(file.base, data);
      draft = { text: file.text, data };
      const { patches } = outcome;
      drafted = undefined;
      parsed = { base: file.base, make: () => followEdit(source!, patches, outcome.file.text, data) ?? readYamlSource(outcome.file.text) };
      const problems = asBuilt ? last.problems : (await checkFile()).problems;
      parseSoon();
      return { status: 200, body: { base: file.base, problems, changedLines: outcome.changedLines } };
    },
    /**
     * What a page that opens (or is reloaded) starts from: the file read again first when it
     * changed on disk since this session read or saved it (a text editor, a git pull), as a
     * page that opens holds no edits of its own. A file that cannot be read now is left to
     * the save, which refuses it.
     */
    async open(): Promise<EditorState> {
      let now: ReadFile | null = null;
      try {
        now = readContentForEdit(options.contentFile, displayName);
      } catch {
        now = null;
      }
      return now && now.base !== file.base ? readAgain(now) : state();
    },
    /** Reads the file again, dropping the draft (after a refused save, or an edit made elsewhere). */
    reload: (): Promise<EditorState> => readAgain(readContentForEdit(options.contentFile, displayName)),
    async dispose(): Promise<void> {
      clearTimeout(readBackLater);
      await started?.catch(() => undefined);
      await preview?.dispose();
    },
  };
}

export type EditorSession = ReturnType<typeof createEditorSession>;

/**
 * The source with the content the form's changes are made to as its data, when the two
 * are equal: a draft shares all it did not change with that content, so editing compares
 * only what changed (yaml-edit.ts stops at the same object).
 */
function shared(source: YamlSource | null, content: unknown): YamlSource | null {
  return source && content !== undefined && deepEqual(source.data, content) ? { ...source, data: content } : source;
}

function toFieldProblem(problem: Problem): FieldProblem {
  return { path: problem.path, message: problem.message, hint: problem.hint, line: problem.location?.line };
}

/** Values worked out from the content, by the path of what they describe: a bundle's original price and savings, each page's document title. */
export function computedOf(data: SiteData): Computed {
  const computed: Computed = {};
  data.bundles.forEach((bundle, index) => {
    computed[`bundles.${index}`] = [`Original price ${bundle.originalText}`, `Savings ${bundle.savingsText}`];
  });
  const { titles } = data;
  for (const [pagePath, page] of Object.entries(STATIC_PATHS)) {
    const key = `pages.${page}`;
    computed[key] ??= [`Title: ${titles[pagePath]}`];
  }
  data.courses.forEach((course, index) => {
    const title = titles[coursePath(course.id)];
    if (title) computed[`courses.${index}`] = [`Title: ${title}`];
  });
  return computed;
}

/** The paths whose values differ from `before` in `after`, with their values in `after` (null: not there). */
function changedValues(before: Computed, after: Computed): Record<string, string[] | null> {
  const changed: Record<string, string[] | null> = {};
  for (const [path, value] of Object.entries(after)) if (!deepEqual(before[path], value)) changed[path] = value;
  for (const path of Object.keys(before)) if (!Object.hasOwn(after, path)) changed[path] = null;
  return changed;
}
