/*
 * A small scanner for the HTML this generator writes (React's and our templates'
 * output: quoted attributes, escaped text, no inline scripts but JSON-LD). It finds the
 * head metadata and every URL a page references, with line numbers, for checkOutput and
 * the size report. It is not a general HTML parser and does not need to be.
 */

/** One URL an element references. */
export interface HtmlReference {
  tag: string;
  attribute: string;
  value: string;
  /** The element's rel attribute, lower case (link elements). */
  rel: string;
  /** 1-based line of the element in the file. */
  line: number;
  /** Inside <noscript>: loaded only when JavaScript is off. */
  inNoscript: boolean;
}

export interface ScannedPage {
  title: string | null;
  description: string | null;
  canonical: string | null;
  references: HtmlReference[];
}

/**
 * A copy of `text` that does not share memory with the page it was cut from. V8 keeps a
 * substring as a view of its parent string, so one remembered title would keep a whole
 * page's HTML alive; the output check remembers a few strings of every page.
 */
export function detach(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes character references: &amp; &#38; &#x26;. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : match;
    }
    return NAMED[ref.toLowerCase()] ?? match;
  });
}

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(/([^\s=/"'<>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g))
    attributes.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  return attributes;
}

/** Which attributes of which elements hold a URL the page loads or links to. */
const URL_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  link: ['href'],
  script: ['src'],
  img: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  iframe: ['src'],
  form: ['action'],
};

/** Elements whose attributes the scan reads; every other tag is only counted past. */
const READ_ATTRIBUTES = new Set([...Object.keys(URL_ATTRIBUTES), 'meta']);

/** Raw-text elements: their contents are never markup. One case-insensitive end-tag search each. */
const RAW_TEXT_END: Readonly<Record<string, RegExp>> = {
  title: /<\/title/gi,
  script: /<\/script/gi,
  style: /<\/style/gi,
  textarea: /<\/textarea/gi,
};

/** Meta tags whose content is a URL of this site: social previews. */
const URL_META = new Set(['og:url', 'og:image', 'twitter:image']);

/** Scans one HTML document. */
export function scanHtml(html: string): ScannedPage {
  const page: ScannedPage = { title: null, description: null, canonical: null, references: [] };
  // Runs of plain attribute text are matched whole ([^>"']+), not a character at a time.
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']+|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?-->/g;
  let line = 1;
  let newline = html.indexOf('\n');
  let noscript = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    // Lines are counted by jumping from one line end to the next (most of a page is one long line).
    while (newline !== -1 && newline < match.index) {
      line += 1;
      newline = html.indexOf('\n', newline + 1);
    }
    if (!match[2]) continue;
    const name = match[2].toLowerCase();
    if (match[1]) {
      if (name === 'noscript') noscript = Math.max(0, noscript - 1);
      continue;
    }
    if (name === 'noscript') noscript += 1;
    const end = RAW_TEXT_END[name];
    if (!READ_ATTRIBUTES.has(name) && !end) continue;
    const attributes = attributesOf(match[3] ?? '');
    const rel = (attributes.get('rel') ?? '').toLowerCase();
    for (const attribute of URL_ATTRIBUTES[name] ?? []) {
      const value = attributes.get(attribute);
      if (value !== undefined) page.references.push({ tag: name, attribute, value, rel, line, inNoscript: noscript > 0 });
    }
    if (name === 'meta') {
      const key = attributes.get('property') ?? attributes.get('name') ?? '';
      if (key === 'description') page.description = attributes.get('content') ?? null;
      if (URL_META.has(key)) page.references.push({ tag: 'meta', attribute: key, value: attributes.get('content') ?? '', rel: '', line, inNoscript: false });
    }
    if (name === 'link' && rel.split(/\s+/).includes('canonical')) page.canonical = detach(attributes.get('href') ?? '') || null;
    // Raw-text elements: skip to their end tag so their contents are never read as markup.
    if (end) {
      end.lastIndex = tag.lastIndex;
      const stop = end.exec(html)?.index ?? html.length;
      if (name === 'title') page.title = detach(decodeEntities(html.slice(tag.lastIndex, stop)).trim());
      tag.lastIndex = stop;
    }
  }
  return page;
}
