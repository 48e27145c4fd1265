import type { ReactNode } from 'react';

export interface HeaderBarProps {
  file: string;
  unsaved: boolean;
  canUndo: boolean;
  canRedo: boolean;
  saving: boolean;
  /** False when there is nothing the form could save (the file did not read as content). */
  canSave: boolean;
  onUndo(): void;
  onRedo(): void;
  onSave(): void;
  /** What the last save came to, announced politely. */
  status: ReactNode;
}

/** The bar across the top: what is edited, whether it is saved, Undo, Redo, Save, and the site in a new tab. */
export function HeaderBar({ file, unsaved, canUndo, canRedo, saving, canSave, onUndo, onRedo, onSave, status }: HeaderBarProps) {
  const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? 'Cmd' : 'Ctrl';
  return (
    <header className="bar">
      <div className="bar__title">
        <h1>
          Editing <code>{file}</code>
        </h1>
        <span className={unsaved ? 'bar__saved bar__saved--no' : 'bar__saved'}>{unsaved ? 'Unsaved changes' : 'All changes saved'}</span>
      </div>
      <div className="bar__actions">
        <button type="button" className="button button--quiet" aria-disabled={!canUndo || undefined} aria-keyshortcuts={`${mod}+Z`} onClick={canUndo ? onUndo : undefined}>
          Undo
        </button>
        <button type="button" className="button button--quiet" aria-disabled={!canRedo || undefined} aria-keyshortcuts={`${mod}+Shift+Z`} onClick={canRedo ? onRedo : undefined}>
          Redo
        </button>
        <button type="button" className="button button--primary" aria-disabled={saving || !canSave || undefined} aria-keyshortcuts={`${mod}+S`} onClick={saving || !canSave ? undefined : onSave}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <a className="bar__site" href="/" target="_blank" rel="noopener noreferrer">
          Open site in a new tab
        </a>
      </div>
      <div className="bar__status" role="status">
        {status}
      </div>
    </header>
  );
}
