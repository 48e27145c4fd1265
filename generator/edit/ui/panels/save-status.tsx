/** What the last save (or reload) came to. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; lines: readonly number[] }
  | { kind: 'conflict'; file: string }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'reloaded'; file: string };

/** Lines named in the saved message; the rest are counted. */
const NAMED_LINES = 12;

/** "Saved — lines 12, 40 changed". */
export function savedMessage(lines: readonly number[]): string {
  if (lines.length === 0) return 'Saved — no line changed';
  const named = lines.slice(0, NAMED_LINES).join(', ');
  const more = lines.length > NAMED_LINES ? ` and ${lines.length - NAMED_LINES} more` : '';
  return `Saved — ${lines.length === 1 ? 'line' : 'lines'} ${named}${more} changed`;
}

/** The save's message for the status region; a conflict offers to read the file again. */
export function SaveStatus({ state, onReload }: { state: SaveState; onReload(): void }) {
  switch (state.kind) {
    case 'idle':
    case 'saving':
      return null;
    case 'saved':
      return <p className="status status--ok">{savedMessage(state.lines)}</p>;
    case 'conflict':
      return (
        <div className="status status--error">
          <p>{state.file} changed on disk since you opened it. Nothing was saved.</p>
          <button type="button" className="button button--small" onClick={onReload}>
            Reload from disk
          </button>
        </div>
      );
    case 'refused':
      return <p className="status status--error">{state.message} Nothing was saved; the edits it could not take are marked at their fields.</p>;
    case 'failed':
      return <p className="status status--error">{state.message}</p>;
    case 'reloaded':
      return <p className="status status--ok">Reloaded {state.file} from disk.</p>;
  }
}
