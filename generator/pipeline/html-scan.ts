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

/** Which attributes of which elements hold a URL the page loads or links to. */
export const URL_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  link: ['href'],
  script: ['src'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
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
export const URL_META = new Set(['og:url', 'og:image', 'twitter:image']);

/** Names by their length, lower case ASCII letters, for `named`. */
function byLength(names: Iterable<string>): string[][] {
  const table: string[][] = [];
  for (const name of new Set(names)) (table[name.length] ??= []).push(name);
  return table;
}

/** The elements the scan acts on: those it reads, raw text, noscript. */
const ELEMENTS = byLength([...READ_ATTRIBUTES, ...Object.keys(RAW_TEXT_END), 'noscript']);
/** The attributes the scan reads, of any element. */
const ATTRIBUTES = byLength([...Object.values(URL_ATTRIBUTES).flat(), 'rel', 'property', 'name', 'content']);

/**
 * Which of `names` html[from, to) is, ignoring ASCII case, or null: the name without
 * cutting a string per tag (most tags are none of them). `| 0x20` lowers A-Z and leaves
 * digits and - as they are; no other character lowers to a letter of these names.
 */
function named(html: string, from: number, to: number, names: readonly (readonly string[] | undefined)[]): string | null {
  const candidates = names[to - from];
  if (!candidates) return null;
  next: for (const name of candidates) {
    for (let index = 0; index < name.length; index += 1) if ((html.charCodeAt(from + index) | 0x20) !== name.charCodeAt(index)) continue next;
    return name;
  }
  return null;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const BANG = 0x21;
const BACKTICK = 0x60;

/** JavaScript's \s: what the grammar below treats as space. */
function isSpace(code: number): boolean {
  if (code < 0xa0) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

const isLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** An attribute name's character: anything but space, = / " ' < >. */
const isNameChar = (code: number) => code !== EQUALS && code !== SLASH && code !== QUOTE && code !== APOSTROPHE && code !== LT && code !== GT && !isSpace(code);

/** An unquoted attribute value's character: anything but space, " ' = < > `. */
const isBareValueChar = (code: number) => code !== QUOTE && code !== APOSTROPHE && code !== EQUALS && code !== LT && code !== GT && code !== BACKTICK && !isSpace(code);

/**
 * The end of a tag's attributes, from `from` (just past its name): the index of the `>`
 * outside quotes, or -1 when a quote is never closed (then `<` did not start a tag).
 */
function tagEnd(html: string, from: number): number {
  for (let at = from; at < html.length; at += 1) {
    const code = html.charCodeAt(at);
    if (code === GT) return at;
    if (code === QUOTE || code === APOSTROPHE) {
      at = html.indexOf(code === QUOTE ? '"' : "'", at + 1);
      if (at === -1) return -1;
    }
  }
  return -1;
}

/**
 * The wanted attributes in html[from, to), decoded; a repeated one keeps its last value.
 * Names are read as the HTML tokenizer reads them, values double-, single- or unquoted.
 */
function readAttributes(html: string, from: number, to: number): Map<string, string> {
  const attributes = new Map<string, string>();
  let at = from;
  while (at < to) {
    if (!isNameChar(html.charCodeAt(at))) {
      at += 1;
      continue;
    }
    const nameStart = at;
    while (at < to && isNameChar(html.charCodeAt(at))) at += 1;
    const nameEnd = at;
    // An optional value: space, =, space, then a quoted or bare value.
    let value = '';
    let next = at;
    while (next < to && isSpace(html.charCodeAt(next))) next += 1;
    if (next < to && html.charCodeAt(next) === EQUALS) {
      next += 1;
      while (next < to && isSpace(html.charCodeAt(next))) next += 1;
      const code = next < to ? html.charCodeAt(next) : -1;
      if (code === QUOTE || code === APOSTROPHE) {
        const close = html.indexOf(code === QUOTE ? '"' : "'", next + 1);
        if (close !== -1 && close < to) {
          value = html.slice(next + 1, close);
          at = close + 1;
        }
      } else if (code !== -1 && isBareValueChar(code)) {
        const start = next;
        while (next < to && isBareValueChar(html.charCodeAt(next))) next += 1;
        value = html.slice(start, next);
        at = next;
      }
    }
    const name = named(html, nameStart, nameEnd, ATTRIBUTES);
    if (name) attributes.set(name, decodeEntities(value));
  }
  return attributes;
}

/**
 * Scans one HTML document. A hand-written tokenizer: a page is scanned with a few
 * strings per element it reads, where a regular expression per tag cost 150 KB of
 * garbage per 10 KB page (a quarter of a large build's allocations).
 */
export function scanHtml(html: string): ScannedPage {
  const page: ScannedPage = { title: null, description: null, canonical: null, references: [] };
  let line = 1;
  let newline = html.indexOf('\n');
  let noscript = 0;
  let at = 0;
  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', at)) {
    at = open + 1;
    const first = html.charCodeAt(open + 1);
    // A comment runs to its -->; without one, this < is text.
    if (first === BANG) {
      if (html.startsWith('!--', open + 1)) {
        const close = html.indexOf('-->', open + 4);
        if (close !== -1) at = close + 3;
      }
      continue;
    }
    const closing = first === SLASH;
    const nameStart = closing ? open + 2 : open + 1;
    if (!isLetter(html.charCodeAt(nameStart))) continue;
    let nameEnd = nameStart + 1;
    for (let code = html.charCodeAt(nameEnd); isLetter(code) || isDigit(code) || code === 0x2d; code = html.charCodeAt(nameEnd)) nameEnd += 1;
    const end = tagEnd(html, nameEnd);
    if (end === -1) continue;
    at = end + 1;
    const name = named(html, nameStart, nameEnd, ELEMENTS);
    if (!name) continue;
    if (closing) {
      if (name === 'noscript') noscript = Math.max(0, noscript - 1);
      continue;
    }
    if (name === 'noscript') {
      noscript += 1;
      continue;
    }
    // Lines are counted by jumping from one line end to the next (most of a page is one long line).
    while (newline !== -1 && newline < open) {
      line += 1;
      newline = html.indexOf('\n', newline + 1);
    }
    const rawEnd = RAW_TEXT_END[name];
    const attributes = readAttributes(html, nameEnd, end);
    const rel = (attributes.get('rel') ?? '').toLowerCase();
    for (const attribute of URL_ATTRIBUTES[name] ?? []) {
      const value = attributes.get(attribute);
      if (value === undefined) continue;
      // A srcset lists candidates, "url 480w, url 960w": each URL is a reference of its own.
      const urls = attribute === 'srcset' ? value.split(',').flatMap((candidate) => candidate.trim().split(/\s+/)[0] || []) : [value];
      for (const url of urls) page.references.push({ tag: name, attribute, value: url, rel, line, inNoscript: noscript > 0 });
    }
    if (name === 'meta') {
      const key = attributes.get('property') ?? attributes.get('name') ?? '';
      if (key === 'description') {
        page.description = attributes.get('content') ?? null;
      }
      if (URL_META.has(key)) page.references.push({ tag: 'meta', attribute: key, value: attributes.get('content') ?? '', rel: '', line, inNoscript: false });
    }
    if (name === 'link' && rel.split(/\s+/).includes('canonical')) page.canonical = attributes.get('href') || null;
    // Raw-text elements: skip to their end tag so their contents are never read as markup.
    if (rawEnd) {
      rawEnd.lastIndex = at;
      const stop = rawEnd.exec(html)?.index ?? html.length;
      if (name === 'title') page.title = decodeEntities(html.slice(at, stop)).trim();
      at = stop;
    }
  }
  return page;
}
