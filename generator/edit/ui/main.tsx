import { createRoot } from 'react-dom/client';
import { fetchState } from './api.ts';
import { EditorApp } from './editor-app.tsx';

/* The editor's entry: reads the state from the server and mounts the editor into #editor. */

const container = document.getElementById('editor');
if (container) {
  const root = createRoot(container);
  fetchState().then(
    (state) => root.render(<EditorApp initial={state} />),
    (error: Error) =>
      root.render(
        <main className="load-failure">
          <h1>The editor could not open</h1>
          <p>{error.message}</p>
        </main>,
      ),
  );
}
