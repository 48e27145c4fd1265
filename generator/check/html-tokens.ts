/*
 * The pieces html-scan.ts reads a page with, a character code at a time: tag names and
 * attributes are compared where they stand, and a string is cut only for a value the scan
 * keeps (most tags of a page are none it reads).
 */

/** Lower-case ASCII names grouped by their length, for `named`. */
export type NamesByLength = readonly (readonly string[] | undefined)[];

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

/** Names by their length, lower case ASCII letters, for `named`. */
export function byLength(names: Iterable<string>): NamesByLength {
  const table: string[][] = [];
  for (const name of new Set(names)) (table[name.length] ??= []).push(name);
  return table;
}

/**
 * Which of `names` html[from, to) is, ignoring ASCII case, or null: the name without
 * cutting a string per tag (most tags are none of them). `| 0x20` lowers A-Z and leaves
 * digits and - as they are; no other character lowers to a letter of these names.
 */
export function named(html: string, from: number, to: number, names: NamesByLength): string | null {
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
export const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
export const BANG = 0x21;
const BACKTICK = 0x60;

/** JavaScript's \s: what the grammar below treats as space. */
function isSpace(code: number): boolean {
  if (code < 0xa0) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

export const isLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
export const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** An attribute name's character: anything but space, = / " ' < >. */
const isNameChar = (code: number) => code !== EQUALS && code !== SLASH && code !== QUOTE && code !== APOSTROPHE && code !== LT && code !== GT && !isSpace(code);

/** An unquoted attribute value's character: anything but space, " ' = < > `. */
const isBareValueChar = (code: number) => code !== QUOTE && code !== APOSTROPHE && code !== EQUALS && code !== LT && code !== GT && code !== BACKTICK && !isSpace(code);

/**
 * The end of a tag's attributes, from `from` (just past its name): the index of the `>`
 * outside quotes, or -1 when a quote is never closed (then `<` did not start a tag).
 */
export function tagEnd(html: string, from: number): number {
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
 * The attributes of `names` in html[from, to), decoded; a repeated one keeps its last value.
 * Names are read as the HTML tokenizer reads them, values double-, single- or unquoted.
 */
export function readAttributes(html: string, from: number, to: number, names: NamesByLength): Map<string, string> {
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
    const name = named(html, nameStart, nameEnd, names);
    if (name) attributes.set(name, decodeEntities(value));
  }
  return attributes;
}
