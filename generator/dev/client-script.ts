import type { Problem } from '../problems/errors.ts';
import { escapeHtml } from '../render/html.ts';
import { colorsFor, formatProblems } from '../problems/report.ts';

/*
 * What `site dev` adds to the pages it serves, and nothing `site build` ever writes: a
 * module script that reloads the tab over Server-Sent Events, and, while the last change
 * has problems, an overlay listing them. Both are external files (no inline script or
 * style), so they work under the same strict CSP as the built site.
 */

/** URL prefix of everything the dev server adds. */
export const DEV_PREFIX = '/__site/';
export const EVENTS_PATH = `${DEV_PREFIX}events`;
export const CLIENT_PATH = `${DEV_PREFIX}client.js`;
export const OVERLAY_CSS_PATH = `${DEV_PREFIX}overlay.css`;
export const OVERLAY_ID = 'site-dev-overlay';

/**
 * The dev client. The server sends the current build version on connect and after every
 * rebuild; a tab served another version reloads. Sending it on connect also catches a
 * rebuild that finished while the tab was loading.
 */
export const CLIENT_SCRIPT = `// site dev: reloads this tab after a rebuild. Never part of \`site build\` output.
const served = new URL(import.meta.url).searchParams.get('v');
const events = new EventSource(${JSON.stringify(EVENTS_PATH)});
events.addEventListener('version', (event) => {
  if (event.data !== served) {
    events.close();
    location.reload();
  }
});
addEventListener('pagehide', () => events.close());
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('[data-site-dev-close]')) document.getElementById(${JSON.stringify(OVERLAY_ID)})?.remove();
});
`;

export const OVERLAY_CSS = `#${OVERLAY_ID} {
  position: fixed; inset: 0; z-index: 2147483647; overflow: auto; padding: 2rem 1rem;
  background: rgb(15 15 20 / 0.85); color: #f4f4f5;
  font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
#${OVERLAY_ID} .site-dev-overlay__panel {
  max-width: 60rem; margin: 0 auto; padding: 1.25rem 1.5rem; border-radius: 0.5rem;
  background: #1c1c22; border-top: 4px solid #ef4444; box-shadow: 0 1rem 3rem rgb(0 0 0 / 0.5);
}
#${OVERLAY_ID} .site-dev-overlay__title { margin: 0 0 1rem; color: #fca5a5; font-weight: 700; font-size: 1rem; }
#${OVERLAY_ID} pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; }
#${OVERLAY_ID} .site-dev-overlay__note { margin: 1rem 0 0; color: #a1a1aa; }
#${OVERLAY_ID} button {
  margin-top: 1rem; padding: 0.35rem 0.9rem; border: 1px solid #52525b; border-radius: 0.25rem;
  background: transparent; color: inherit; font: inherit; cursor: pointer;
}
`;

const PLAIN = colorsFor({ isTTY: false }, { NO_COLOR: '1' });

/** The overlay: the same text the terminal shows (without colour), escaped. */
export function overlayHtml(problems: readonly Problem[]): string {
  const count = `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`;
  return [
    `<div id="${OVERLAY_ID}" role="alert" aria-labelledby="${OVERLAY_ID}-title">`,
    '<div class="site-dev-overlay__panel">',
    `<p class="site-dev-overlay__title" id="${OVERLAY_ID}-title">site dev: ${count}. This page shows the last good build.</p>`,
    `<pre>${escapeHtml(formatProblems(problems, PLAIN))}</pre>`,
    '<p class="site-dev-overlay__note">Fix it and save: this tab reloads by itself.</p>',
    '<button type="button" data-site-dev-close>Hide</button>',
    '</div>',
    '</div>',
  ].join('');
}

/**
 * Adds the dev client (and the overlay, when there are problems) to one served HTML page.
 * The client is async: a module script is otherwise run before DOMContentLoaded, so every
 * reload would wait for it to be fetched (it is never cached) before the page counts as loaded.
 */
export function injectDevTags(html: string, state: { version: string; problems: readonly Problem[] }): string {
  const head = [`<script type="module" async src="${CLIENT_PATH}?v=${encodeURIComponent(state.version)}"></script>`];
  if (state.problems.length > 0) head.push(`<link rel="stylesheet" href="${OVERLAY_CSS_PATH}">`);
  let out = insertBefore(html, '</head>', `    ${head.join('\n    ')}\n  `);
  if (state.problems.length > 0) out = insertBefore(out, '</body>', `${overlayHtml(state.problems)}\n  `);
  return out;
}

/** Inserts before the last `marker`, or appends when there is none. */
function insertBefore(html: string, marker: string, insert: string): string {
  const at = html.lastIndexOf(marker);
  return at < 0 ? html + insert : html.slice(0, at) + insert + html.slice(at);
}

/** A page for when no build has succeeded yet: only the overlay. */
export function problemsPage(state: { version: string; problems: readonly Problem[] }): string {
  return injectDevTags('<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8">\n    <title>site dev: problems</title>\n  </head>\n  <body>\n  </body>\n</html>\n', state);
}
