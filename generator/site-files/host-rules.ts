/*
 * Reading the `_headers` and `_redirects` files the way Netlify and Cloudflare Pages do,
 * so `site serve` behaves like production and tests can check what a host would send.
 */

/** One block of _headers: a URL pattern and the headers for it. */
export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

/** One line of _redirects: from, to, status. */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

/** Parses _headers: a URL pattern at the start of a line, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trimEnd();
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon < 0) throw new Error(`_headers line ${index + 1}: expected "Name: value" under a URL pattern`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Parses _redirects: `from to [status]` per line; the status defaults to 301. */
export function parseRedirectsFile(text: string): RedirectRule[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [from = '', to = '', status = '301'] = line.split(/\s+/);
      return { from, to, status: Number.parseInt(status, 10) };
    });
}

/** A pattern as a RegExp: `*` matches anything (slashes too), `:name` one path segment. */
export function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\*|:[A-Za-z_]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * The headers for a URL path: every matching rule applies, and a header set by several
 * rules gets their values joined with ", " (as Cloudflare Pages does).
 */
export function headersForPath(rules: readonly HeaderRule[], urlPath: string): Record<string, string> {
  const result = new Map<string, { name: string; values: string[] }>();
  for (const rule of rules) {
    if (!patternToRegExp(rule.pattern).test(urlPath)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const entry = result.get(key) ?? { name, values: [] };
      entry.values.push(value);
      result.set(key, entry);
    }
  }
  return Object.fromEntries([...result.values()].map((entry) => [entry.name, entry.values.join(', ')]));
}

/** The first redirect rule whose `from` matches the path, or null. */
export function redirectForPath(rules: readonly RedirectRule[], urlPath: string): RedirectRule | null {
  return rules.find((rule) => patternToRegExp(rule.from).test(urlPath)) ?? null;
}
