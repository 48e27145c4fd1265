import { redirectForPath, type RedirectRule } from '../site-files/host-rules.ts';

/*
 * Where a reference in a generated file leads, as a static host would serve it: a file of
 * out/ (or a redirect to one), a link elsewhere, or one never allowed. The output check
 * resolves every internal link of the site with these.
 */

/** The URL a file is served at: "about/index.html" is "/about/", "404.html" is "/404.html". */
export function urlOfFile(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

/**
 * The out/ file a path resolves to, as a static host resolves it: the file itself, its
 * directory index, or the same name plus ".html"; through a redirect rule if one applies.
 */
export function resolvePath(pathname: string, files: Pick<ReadonlySet<string>, 'has'>, redirects: readonly RedirectRule[] = [], depth = 0): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const bare = decoded.replace(/^\/+/, '');
  const candidates = decoded.endsWith('/') ? [`${bare}index.html`] : [bare, `${bare}/index.html`, `${bare}.html`];
  const found = candidates.find((candidate) => files.has(candidate));
  if (found) return found;
  const redirect = redirectForPath(redirects, decoded);
  if (redirect && redirect.status >= 300 && redirect.status < 400 && depth < 5 && redirect.to.startsWith('/')) return resolvePath(redirect.to, files, redirects, depth + 1);
  return null;
}

/**
 * A root-relative path that URL parsing leaves as it is: no dot segments, repeated
 * slashes, escapes, query or fragment. Most references are such paths (/courses,
 * /assets/app-1a2b.js), and a large site has millions: they skip the URL parser.
 */
const PLAIN_PATH = /^\/(?!\/)(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/?)*$/;

/** Whether `value` is a plain root-relative path (see PLAIN_PATH). */
export const isPlainPath = (value: string): boolean => PLAIN_PATH.test(value);

type Target = { kind: 'internal'; path: string } | { kind: 'external' } | { kind: 'forbidden'; reason: string };

/** Classifies a reference: a path of this site, a link elsewhere, or one never allowed. */
export function classify(value: string, pageUrl: string, origin: string): Target {
  if (isPlainPath(value)) return { kind: 'internal', path: value };
  const trimmed = value.trim();
  if (/^javascript:/i.test(trimmed)) return { kind: 'forbidden', reason: 'is a javascript: URL' };
  if (trimmed === '' || trimmed.startsWith('#') || /^(mailto|tel|sms|data):/i.test(trimmed)) return { kind: 'external' };
  let url: URL;
  try {
    url = new URL(trimmed, `${origin}${pageUrl}`);
  } catch {
    return { kind: 'forbidden', reason: 'is not a valid URL' };
  }
  if (url.origin !== origin) return url.protocol === 'http:' ? { kind: 'forbidden', reason: 'uses http:, not https:' } : { kind: 'external' };
  return { kind: 'internal', path: url.pathname };
}

/** url(…) references in a stylesheet. */
export function cssUrls(css: string): string[] {
  return [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}
