import { CST, Lexer, parse, type DocumentOptions, type ParseOptions, type SchemaOptions, type ToJSOptions } from 'yaml';

/*
 * Parsing a large content.yaml a piece at a time. The yaml package builds a syntax tree of
 * the whole document before it converts any of it: for a 3 MB file (10,000 courses) that
 * is ~150 MB at once. Its lexer, though, streams: one pass over the tokens finds where the
 * top-level keys start and where the items of a top-level list start, and each run of
 * items is then parsed on its own under its key, so only one piece's tree exists at a time.
 *
 * Only files this split cannot change the meaning of are split: a block mapping at the
 * root, plain top-level keys, each once, and no anchors, aliases, tags, directives,
 * explicit keys, block scalars or document markers (which could tie one piece to another). Anything else,
 * and any piece that does not parse, returns undefined: the caller parses the whole file,
 * which also reports errors with their positions.
 */

type YamlOptions = ParseOptions & DocumentOptions & SchemaOptions & ToJSOptions;

/** A top-level key and, when its value is a block list, where each item starts. */
interface Section {
  key: string;
  start: number;
  end: number;
  /** Offsets of the list's items (the "-" of each), when the value is a block list. */
  items: number[] | null;
}

/** Zero-width markers the lexer emits (document, flow end, plain scalar): not in the source. */
const MARKERS = new Set(['\x02', '\x18', '\x1f']);
/**
 * Constructs that may tie one part of the file to another, and block scalars (| and >),
 * whose content the lexer hands over as tokens that look like indentation.
 */
const UNSPLITTABLE = new Set(['block-scalar-header', 'anchor', 'alias', 'tag', 'directive-line', 'doc-start', 'doc-end', 'explicit-key-ind', 'byte-order-mark', 'flow-error-end']);
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Finds the top-level sections, or null when the file is not one this split handles. */
function findSections(source: string): Section[] | null {
  const sections: Section[] = [];
  let offset = 0;
  let flowDepth = 0;
  let indent = 0;
  // The first meaningful token of the current line has been seen.
  let lineSeen = false;
  // Right after a top-level key: its ":" must follow.
  let expectColon = false;
  // Set after a top-level key: the next meaningful line decides whether the value is a list.
  let awaitingValue = false;
  let section: Section | null = null;
  let itemIndent = -1;
  for (const token of new Lexer().lex(source)) {
    if (MARKERS.has(token)) continue;
    const at = offset;
    offset += token.length;
    const type = CST.tokenType(token) ?? undefined;
    if (type && UNSPLITTABLE.has(type)) return null;
    if (type === 'newline') {
      indent = 0;
      lineSeen = false;
      continue;
    }
    if (type === 'space' || type === 'comment') {
      if (!lineSeen && type === 'space') indent = token.length;
      continue;
    }
    const firstOnLine = !lineSeen;
    lineSeen = true;
    if (expectColon) {
      if (type !== 'map-value-ind') return null;
      expectColon = false;
      awaitingValue = true;
      continue;
    }
    if (flowDepth === 0 && firstOnLine) {
      if (indent === 0 && type === undefined) {
        // A new top-level key.
        if (!PLAIN_KEY.test(token) || sections.some((existing) => existing.key === token)) return null;
        if (section) section.end = at;
        section = { key: token, start: at, end: source.length, items: null };
        sections.push(section);
        expectColon = true;
        awaitingValue = false;
        itemIndent = -1;
        continue;
      }
      if (!section) return null; // content before the first key: not a mapping at the root
      if (awaitingValue) {
        awaitingValue = false;
        if (type === 'seq-item-ind') {
          section.items = [at];
          itemIndent = indent;
        }
      } else if (type === 'seq-item-ind' && indent === itemIndent && section.items) {
        section.items.push(at);
      } else if (indent === 0 && type !== 'seq-item-ind') {
        return null; // something other than a key at the root
      }
    } else if (awaitingValue && !firstOnLine) {
      // A value on the key's own line: the section is parsed whole.
      awaitingValue = false;
    }
    if (type === 'flow-map-start' || type === 'flow-seq-start') flowDepth += 1;
    else if (type === 'flow-map-end' || type === 'flow-seq-end') flowDepth = Math.max(0, flowDepth - 1);
  }
  if (offset !== source.length) return null;
  return sections;
}

/**
 * Parses `source` piece by piece (see above); undefined when it cannot be split exactly or
 * a piece has an error. `pieceBytes` bounds each piece of a list.
 */
export function parseInSections(source: string, options: YamlOptions, pieceBytes = 64 * 1024): Record<string, unknown> | undefined {
  const sections = findSections(source);
  if (!sections || sections.length === 0) return undefined;
  const result: Record<string, unknown> = {};
  try {
    for (const section of sections) {
      if (!section.items) {
        const parsed = parse(source.slice(section.start, section.end), options) as Record<string, unknown> | null;
        if (!parsed || typeof parsed !== 'object' || !(section.key in parsed) || Object.keys(parsed).length !== 1) return undefined;
        result[section.key] = parsed[section.key];
        continue;
      }
      const items: unknown[] = [];
      const starts = section.items;
      // The key line as written (it may carry a comment) heads each run of items.
      const keyLine = source.slice(section.start, source.indexOf('\n', section.start) + 1);
      for (let first = 0; first < starts.length; ) {
        let last = first + 1;
        while (last < starts.length && starts[last]! - starts[first]! < pieceBytes) last += 1;
        const end = last < starts.length ? starts[last]! : section.end;
        const parsed = parse(`${keyLine}${' '.repeat(columnOf(source, starts[first]!))}${source.slice(starts[first]!, end)}`, options) as Record<string, unknown> | null;
        const piece = parsed?.[section.key];
        if (!Array.isArray(piece)) return undefined;
        for (const item of piece) items.push(item);
        first = last;
      }
      result[section.key] = items;
    }
  } catch {
    return undefined;
  }
  return result;
}

/** 0-based column of `offset` in `source`. */
function columnOf(source: string, offset: number): number {
  return offset - (source.lastIndexOf('\n', offset - 1) + 1);
}
