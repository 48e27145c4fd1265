import { BANG, byLength, decodeEntities, isDigit, isLetter, named, readAttributes, SLASH, tagEnd } from './html-tokens.ts';

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

/** The elements the scan acts on: those it reads, raw text, noscript. */
const ELEMENTS = byLength([...READ_ATTRIBUTES, ...Object.keys(RAW_TEXT_END), 'noscript']);
/** The attributes the scan reads, of any element. */
const ATTRIBUTES = byLength([...Object.values(URL_ATTRIBUTES).flat(), 'rel', 'property', 'name', 'content']);

/**
 * Scans one HTML document. A tokenizer of its own, not a regular expression per tag: a
 * page is scanned with a few strings per element it reads, where matching every tag cut
 * strings for every attribute of every element (html-tokens.ts).
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
    const attributes = readAttributes(html, nameEnd, end, ATTRIBUTES);
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
