import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { pages } from 'site:pages';
import { clientData } from './client-data.ts';
import { App } from './app.tsx';
import { courseIdSet } from './page-meta.ts';
import { matchPage } from './routes.ts';
import './styles/main.css';

const container = document.getElementById('root')!;
const match = matchPage(window.location.pathname, courseIdSet(clientData.titles));

// Load this page's chunk (already modulepreloaded by the HTML) before hydrating, so
// hydration never suspends.
await pages[match.page].preload();

const app = (
  <StrictMode>
    <BrowserRouter>
      <App data={clientData} pages={pages} />
    </BrowserRouter>
  </StrictMode>
);

// A not-found document is served for many URLs (404.html): hydrate only when the URL
// shows the page that was rendered into it; otherwise render afresh, so React never
// hydrates mismatching markup.
if (container.dataset.page === `${match.page}:${match.found}`) hydrateRoot(container, app);
else createRoot(container).render(app);
