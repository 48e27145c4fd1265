import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { DocumentData } from './model/page-data.ts';
import { lazyPageOf } from './pages/lazy.ts';
import { App } from './app.tsx';
import { createRouteLoader } from './route-loader.ts';
import { TRANSITION } from './transition/animate.ts';
import { playToneOnLoad } from './transition/sound.ts';
import './styles/main.css';

/** The id of the data block every page carries (a JSON data block: never executed). */
const DATA_ID = 'site-data';

// The first load's transition has its tone (as far as the browser allows sound): armed
// now, so that a press while the page loads its chunk or hydrates is seen for what it is.
const disarmLoadTone = playToneOnLoad(TRANSITION.total * 1000);
const data = JSON.parse(document.getElementById(DATA_ID)!.textContent!) as DocumentData;
const source = createRouteLoader({ pathname: window.location.pathname, data: data.route });

// Load this page's chunk (already modulepreloaded by the HTML) before hydrating, so
// hydration never suspends. If it cannot be loaded, the server's page stays as it is: it
// reads and links fully without JavaScript (reloading could loop).
const ready = await lazyPageOf(data.route.page.kind).preload().then(
  () => true,
  () => false,
);

if (ready) {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <BrowserRouter>
        <App layout={data.layout} source={source} pageOf={lazyPageOf} />
      </BrowserRouter>
    </StrictMode>,
  );
} else {
  // Left as the server rendered it, and styled as without JavaScript: nothing will answer
  // the menu toggle, so the small-screen navigation shows its links instead.
  applyNoscriptStyles();
  disarmLoadTone();
}

/** Applies the stylesheet the page loads only when JavaScript is off (named in its <noscript>). */
function applyNoscriptStyles() {
  const href = /href="([^"]+)"/.exec(document.head.querySelector('noscript')?.textContent ?? '')?.[1];
  if (!href) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
