import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { DraftResponse, EditorState } from '../protocol.ts';
import { changesBetween } from '../content-changes.ts';
import { postMedia, postReload, postSave } from './api.ts';
import { ActionsContext, ComputedContext, ContentContext, MediaContext, ProblemsContext, StaticContext, ViewContext, type EditorActions } from './editor-context.ts';
import { initialModel, reduceModel } from './model/editor-model.ts';
import { focusTarget } from './focus.ts';
import { HeaderBar } from './panels/header-bar.tsx';
import { getAt } from './model/paths.ts';
import { previewPath } from './model/preview-path.ts';
import { PreviewPane } from './panels/preview-pane.tsx';
import { indexProblems } from './model/problem-index.ts';
import { ProblemsPanel } from './panels/problems-panel.tsx';
import { SaveStatus, type SaveState } from './panels/save-status.tsx';
import { UnreadableFile } from './panels/unreadable-file.tsx';
import { SectionForm } from './panels/section-form.tsx';
import { SectionNav } from './panels/section-nav.tsx';
import { sectionOf, sectionsOf, type SectionGroup } from './model/sections.ts';
import { useDraft } from './use-draft.ts';
import { useLeaveWarning, useShortcuts } from './use-shortcuts.ts';
import { reduceView, rowsOnTheWay, type ViewState } from './model/view-state.ts';

/** The section named in the address's fragment (`#pages.faq`), if it is one. */
function sectionInHash(groups: readonly SectionGroup[]): string | undefined {
  const wanted = decodeURIComponent(location.hash.slice(1));
  return groups.some((group) => group.sections.some((section) => section.path === wanted)) ? wanted : undefined;
}

function sectionTitle(groups: readonly SectionGroup[], path: string): string {
  for (const group of groups) for (const section of group.sections) if (section.path === path) return section.title;
  return path;
}

/**
 * The editor: the content and its history, what the server last said, and what is on
 * screen; the header, the sections, the form and the preview.
 */
export function EditorApp({ initial }: { initial: EditorState }) {
  const [model, dispatch] = useReducer(reduceModel, initial, initialModel);
  const [statics, setStatics] = useState(() => ({ file: initial.file, schema: initial.schema, icons: initial.icons }));
  const groups = useMemo(() => sectionsOf(statics.schema), [statics.schema]);
  const [view, dispatchView] = useReducer(reduceView, undefined, (): ViewState => ({ section: sectionInHash(groups) ?? groups[0]?.sections[0]?.path ?? '', open: new Set(), lists: new Map() }));
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const data = model.history.present;
  const unsaved = data !== model.saved;
  // A file that did not read as a map of content (a YAML syntax error, an empty file) has no form.
  const unreadable = typeof model.read !== 'object' || model.read === null || Array.isArray(model.read);

  const latest = useRef({ model, groups, schema: statics.schema });
  useEffect(() => {
    latest.current = { model, groups, schema: statics.schema };
  });

  const actions = useMemo<EditorActions>(
    () => ({
      edit: (path, value, join = false) => dispatch({ type: 'edit', path, value, join, at: performance.now() }),
      view: dispatchView,
      goTo: (path) => {
        const { groups, schema } = latest.current;
        dispatchView({ type: 'go', path, section: sectionOf(groups, path), rows: rowsOnTheWay(schema, path) });
      },
      upload: async (file, replace) => {
        const outcome = await postMedia(file.name, file, replace);
        if (outcome.stored) dispatch({ type: 'uploaded', src: outcome.src });
        return outcome;
      },
    }),
    [],
  );

  const onDrafted = useCallback((answer: DraftResponse) => dispatch({ type: 'drafted', answer }), []);
  const draft = useDraft(data, { clean: model.read, saved: model.saved, base: model.base, computedId: model.computedId }, onDrafted);

  const reload = useCallback(async () => {
    try {
      const state = await postReload();
      setStatics({ file: state.file, schema: state.schema, icons: state.icons });
      dispatch({ type: 'load', state });
      setSaveState({ kind: 'reloaded', file: state.file });
    } catch (error) {
      setSaveState({ kind: 'failed', message: (error as Error).message });
    }
  }, []);
  const save = useCallback(async () => {
    const { model } = latest.current;
    const sent = model.history.present;
    setSaveState({ kind: 'saving' });
    try {
      const outcome = await postSave(changesBetween(model.saved, sent), model.base);
      if (outcome.saved) {
        dispatch({ type: 'saved', data: sent, answer: outcome.answer });
        setSaveState({ kind: 'saved', lines: outcome.answer.changedLines });
      } else if (outcome.refusal.error === 'conflict') {
        setSaveState({ kind: 'conflict', file: statics.file });
      } else {
        dispatch({ type: 'refused', refused: outcome.refusal.refused ?? [] });
        setSaveState({ kind: 'refused', message: outcome.refusal.message });
      }
    } catch (error) {
      setSaveState({ kind: 'failed', message: (error as Error).message });
    }
  }, [statics.file]);
  const saving = saveState.kind === 'saving';
  // "Saved — line 12 changed" says what the last save did only until the next edit.
  useEffect(() => {
    if (unsaved) setSaveState((state) => (state.kind === 'saved' || state.kind === 'reloaded' ? { kind: 'idle' } : state));
  }, [unsaved]);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  useShortcuts({ save: () => !saving && !unreadable && void save(), undo, redo });
  useLeaveWarning(unsaved);

  // The address names the open section: links in the left column set it, Back returns.
  useEffect(() => {
    const onHash = () => {
      const section = sectionInHash(latest.current.groups);
      if (section) {
        dispatchView({ type: 'section', section });
        dispatchView({ type: 'focus', focus: { id: 'section-heading', inside: true } });
      }
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (decodeURIComponent(location.hash.slice(1)) === view.section) return;
    // Opening at /_edit/ names the first section without adding a step to Back.
    if (sectionInHash(latest.current.groups)) history.pushState(null, '', `#${view.section}`);
    else history.replaceState(null, '', `#${view.section}`);
  }, [view.section]);
  useEffect(() => {
    if (!view.focus) return;
    focusTarget(view.focus);
    dispatchView({ type: 'focus', focus: undefined });
  }, [view.focus]);

  const problems = useMemo(() => indexProblems(model.problems, model.refused), [model.problems, model.refused]);
  const title = sectionTitle(groups, view.section);
  const staticValue = useMemo(() => ({ schema: statics.schema, icons: statics.icons }), [statics]);

  return (
    <ActionsContext value={actions}>
      <StaticContext value={staticValue}>
        <ViewContext value={view}>
          <ContentContext value={data}>
            <MediaContext value={model.media}>
              <ProblemsContext value={problems}>
                <ComputedContext value={model.computed}>
                  <div className="editor">
                    <a
                      className="skip-link"
                      href="#main"
                      onClick={(event) => {
                        event.preventDefault();
                        focusTarget({ id: 'section-heading', inside: true });
                      }}
                    >
                      Skip to the form
                    </a>
                    <HeaderBar
                      file={statics.file}
                      unsaved={unsaved}
                      canUndo={model.history.past.length > 0}
                      canRedo={model.history.future.length > 0}
                      saving={saving}
                      canSave={!unreadable}
                      onUndo={undo}
                      onRedo={redo}
                      onSave={() => void save()}
                      status={<SaveStatus state={saveState} onReload={() => void reload()} />}
                    />
                    <div className="editor__columns">
                      <SectionNav groups={groups} current={view.section} />
                      <main className="editor__main" id="main">
                        {unreadable ? (
                          <UnreadableFile file={statics.file} problems={model.problems} onReload={() => void reload()} />
                        ) : (
                          <>
                            <ProblemsPanel problems={model.problems} refused={model.refused} />
                            <SectionForm key={view.section} section={view.section} title={title} value={getAt(data, view.section)} />
                          </>
                        )}
                      </main>
                      <PreviewPane path={previewPath(view.section, view.followed, data)} pending={draft.pending} failure={draft.failure} />
                    </div>
                  </div>
                </ComputedContext>
              </ProblemsContext>
            </MediaContext>
          </ContentContext>
        </ViewContext>
      </StaticContext>
    </ActionsContext>
  );
}
