import path from 'node:path';
import { ICON_PATHS } from '../../site/model/icons.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { coursePath, STATIC_PATHS } from '../../site/model/routes.ts';
import { buildTitles } from '../../site/model/titles.ts';
import { contentJsonSchema } from '../content/json-schema.ts';
import { readContent } from '../content/read-content.ts';
import { createDevSession, type DevSessionOptions } from '../dev/session.ts';
import { ContentProblemError, type Problem } from '../problems/errors.ts';
import { readContentForEdit, saveContent, type ReadFile } from './content-file-edit.ts';
import { listMedia } from './media-upload.ts';
import type { Computed, DraftResponse, EditorState, FieldProblem, JsonSchema, SaveRefusal, SaveResponse } from './protocol.ts';
import { editYaml, type RefusedEdit } from './yaml-edit.ts';

/**
 * What `site edit` holds: content.yaml as read (its text, identity and document), the
 * draft the form has made of it, and the live preview, which is `site dev`'s engine
 * building the draft's text in memory. A draft never touches the file; only a save does.
 */
export async function createEditorSession(
  options: Omit<DevSessionOptions, 'draft'>,
) {
  const contentDir = path.dirname(options.contentFile);
  const displayName = path.relative(options.cwd, options.contentFile) || options.contentFile;
  let file: ReadFile = readContentForEdit(options.contentFile);
  // The draft's text and data; data undefined: read it from the text (a file the form cannot edit).
  let draft: { text: string; data: unknown } = { text: file.text, data: file.source?.data };
  const preview = await createDevSession({ ...options, draft: () => draft });
  const schema = contentJsonSchema() as JsonSchema;

  // Drafts are built one at a time; one waiting for its turn is replaced by a newer one.
  let latest: unknown = undefined;
  let asked = 0;
  let built = 0;
  let queue: Promise<void> = Promise.resolve();
  let ready: Promise<void> = Promise.resolve();
  let last: DraftResponse = { problems: [], computed: {}, version: '', refused: [] };

  async function buildDraft(): Promise<void> {
    const ticket = asked;
    let refused: RefusedEdit[] = [];
    if (file.source) {
      const edited = editYaml(file.source, latest);
      if (edited.text === null) refused = edited.refused;
      else draft = { text: edited.text, data: latest };
    }
    const update = await preview.update(new Set([options.contentFile]));
    built = ticket;
    const problems = update && update !== 'restart' ? update.problems : [];
    last = {
      problems: problems.map(toFieldProblem),
      computed: problems.length === 0 && preview.data ? computedOf(preview.data) : {},
      version: preview.snapshot().version,
      refused: refused.map((refusal) => ({ path: refusal.path, message: refusal.message, line: refusal.line })),
    };
  }

  /** The problems `site check` reports on the file as it is, and what it computes. */
  async function checkFile(): Promise<{ problems: FieldProblem[]; computed: Computed }> {
    try {
      const content = await readContent({ file: options.contentFile, cwd: options.cwd, text: file.text });
      return { problems: [], computed: computedOf(content.data) };
    } catch (error) {
      if (!(error instanceof ContentProblemError)) throw error;
      return { problems: error.problems.map(toFieldProblem), computed: {} };
    }
  }

  async function state(): Promise<EditorState> {
    const checked = await checkFile();
    return {
        file: displayName,
        schema,
        data: file.source?.data ?? null,
        base: file.base,
        problems: checked.problems,
        computed: checked.computed,
        icons: { ...ICON_PATHS },
        media: listMedia(contentDir),
        version: preview.snapshot().version,
      };
  }

  return {
    preview,
    /** The first build of the preview, from the file as it is; drafts wait for it. */
    start() {
      const first = preview.update('all');
      ready = first.then(() => undefined, () => undefined);
      queue = ready;
      return first;
    },
    /** Resolves once the first build has finished (the preview has pages to serve). */
    ready: () => ready,
    state,
    /** Builds the preview from `data`; resolves once a build that includes it has finished. */
    async draft(data: unknown): Promise<DraftResponse> {
      latest = data;
      asked += 1;
      const ticket = asked;
      queue = queue.then(() => (built >= ticket ? undefined : buildDraft()));
      await queue;
      return last;
    },
    /** Saves `data` into the file read as `base`. */
    async save(data: unknown, base: string): Promise<{ status: 200; body: SaveResponse } | { status: 409 | 422; body: SaveRefusal }> {
      const outcome = saveContent(options.contentFile, file, base, data);
      if (outcome.status === 'conflict') {
        return { status: 409, body: { error: 'conflict', message: `${displayName} changed on disk since the editor read it (another editor, a git pull). Nothing was saved.` } };
      }
      if (outcome.status === 'refused') {
        return {
          status: 422,
          body: { error: 'refused', message: 'Nothing was saved: some edits cannot be made in the form.', refused: outcome.refused.map((refusal) => ({ path: refusal.path, message: refusal.message, line: refusal.line })) },
        };
      }
      file = outcome.file;
      draft = { text: file.text, data: file.source?.data };
      const checked = await checkFile();
      return { status: 200, body: { base: file.base, problems: checked.problems, changedLines: outcome.changedLines } };
    },
    /** Reads the file again, dropping the draft (after a refused save, or an edit made elsewhere). */
    async reload(): Promise<EditorState> {
      file = readContentForEdit(options.contentFile);
      draft = { text: file.text, data: file.source?.data };
      latest = file.source?.data ?? null;
      asked += 1;
      const ticket = asked;
      queue = queue.then(async () => {
        if (built >= ticket) return;
        await preview.update(new Set([options.contentFile]));
        built = ticket;
      });
      await queue;
      return state();
    },
    dispose: () => preview.dispose(),
  };
}

export type EditorSession = Awaited<ReturnType<typeof createEditorSession>>;

function toFieldProblem(problem: Problem): FieldProblem {
  return { path: problem.path, message: problem.message, hint: problem.hint, line: problem.location?.line };
}

/** Values worked out from the content, by the path of what they describe: a bundle's original price and savings, each page's document title. */
export function computedOf(data: SiteData): Computed {
  const computed: Computed = {};
  data.bundles.forEach((bundle, index) => {
    computed[`bundles.${index}`] = [`Original price ${bundle.originalText}`, `Savings ${bundle.savingsText}`];
  });
  const titles = buildTitles(data);
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
