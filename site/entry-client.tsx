import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { pages } from 'site:pages';
import { clientData } from './client-data.ts';
import { App } from './app.tsx';
import { courseGroupForPath, courseIds, coursesShipWithPages } from './model/course-index.ts';
import { loadCourseGroup } from './course-data.ts';
import { matchPage } from './model/routes.ts';
import { TRANSITION } from './transition/animate.ts';
import { playToneOnLoad } from './transition/sound.ts';
import './styles/main.css';

const container = document.getElementById('root')!;
// The first load's transition has its tone (as far as the browser allows sound): armed
// now, so that a press while the page loads its chunk or hydrates is seen for what it is.
const disarmLoadTone = playToneOnLoad(TRANSITION.total * 1000);
const match = matchPage(window.location.pathname, courseIds(clientData.courseIndex));
// The group of courses a course page or a page of the course list shows (none to load
// when the catalogue ships with the page's own script).
const group = coursesShipWithPages(clientData.courseIndex) ? 0 : courseGroupForPath(clientData.courseIndex, window.location.pathname);

// Load this page's chunk (already modulepreloaded by the HTML) and its courses before
// hydrating, so hydration never suspends. If either cannot be loaded, the server's page
// stays as it is: it reads and links fully without JavaScript (reloading could loop).
const ready = await Promise.all([pages[match.page].preload(), group > 0 ? loadCourseGroup(group) : undefined]).then(
  () => true,
  () => false,
);

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
if (!ready) {
  // Left as the server rendered it, and styled as without JavaScript: nothing will answer
  // the menu toggle, so the small-screen navigation shows its links instead.
  applyNoscriptStyles();
  disarmLoadTone();
} else if (container.dataset.page === `${match.page}:${match.found}`) hydrateRoot(container, app);
else createRoot(container).render(app);

/** Applies the stylesheet the page loads only when JavaScript is off (named in its <noscript>). */
function applyNoscriptStyles() {
  const href = /href="([^"]+)"/.exec(document.head.querySelector('noscript')?.textContent ?? '')?.[1];
  if (!href) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
