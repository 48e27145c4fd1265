import { escapeHtml } from '../../render/html.ts';
import { EDIT_PREFIX } from '../protocol.ts';

/* The editor's HTML document: the page the server fills with the session token. The script and styles are files of their own (no inline code), for a strict CSP. */

/** The HTML of the editor's page at /_edit/: the token in a meta tag, the stylesheet, the module script, and #editor to mount into. */
export function editorShell({ token, title }: { token: string; title: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="site-token" content="${escapeHtml(token)}">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${EDIT_PREFIX}editor.css">
<script type="module" src="${EDIT_PREFIX}editor.js"></script>
</head>
<body>
<div id="editor"><p class="loading">Opening the editor…</p></div>
<noscript><p class="loading">The editor needs JavaScript.</p></noscript>
</body>
</html>
`;
}
