/*
 * A fast path for reading content.yaml. The yaml package is thorough, but it builds a
 * token stream, a syntax tree and a document of nodes before any plain data exists; run
 * once from a cold start (`site check`), that is ~40 ms for the real 36 KB file, and ~1 s
 * and ~150 MB for 10,000 courses. Content files are written in a small part of YAML:
 * indented "key: value" lines, "- " list items, one-line scalars, flow lists of plain
 * values. This reads exactly that part, line by line, into the same plain data.
 *
 * It is a fast path, never a second opinion. It returns undefined for anything outside
 * that part (anchors, tags, block or multi-line scalars, quoted or unusual keys, tabs,
 * escapes beyond the common ones, a repeated key, indentation it does not expect...), and
 * the caller then parses with yaml, which also reports errors with their positions. A
 * property test holds it to yaml's answer on generated and mutated files: whenever this
 * returns a value, yaml parses the same text without error to an equal value.
 *
 * Scalars resolve as in yaml's YAML 1.2 core schema (load.ts's YAML_OPTIONS): null, true
 * and false in their three spellings, decimal, octal and hex integers, floats, .inf and .nan.
 */

/** One line that carries content: its indentation and its text after it. */
interface Line {
  indent: number;
  text: string;
}

/** Thrown inside to leave the fast path; never escapes parseFast. */
class Unsupported {}
const UNSUPPORTED = new Unsupported();

/**
 * Characters the fast path leaves to yaml: tabs, lone carriage returns and other controls, the
 * byte-order mark and the Unicode line separators.
 */
const UNSUPPORTED_CHARS = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/;
/** A key the fast path reads: plain, and not one the core schema turns into null or a boolean. */
const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?=$| )/;
const NOT_STRING_KEYS = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', '__proto__']);
/**
 * How a plain scalar may not start: with one of YAML's indicators, or with "-" before a space
 * (a list item). "-5" and "-x" are plain; "?x" and ":x" would be too, but are left to yaml.
 */
const PLAIN_START = /^(?:[?:,[\]{}#&*!|>'"%@`]|-(?: |$))/;

/** Parses `source` if it is in the part of YAML described above; undefined otherwise. */
export function parseFast(source: string): Record<string, unknown> | undefined {
  // Windows line ends are line ends to YAML too; a carriage return elsewhere is left to yaml.
  const text = source.includes('\r\n') ? source.replace(/\r\n/g, '\n') : source;
  if (UNSUPPORTED_CHARS.test(text)) return undefined;
  const lines: Line[] = [];
  for (const raw of text.split('\n')) {
    const text = trimSpacesStart(raw);
    if (text === '' || text[0] === '#') continue;
    const indent = raw.length - text.length;
    // Document markers and directives.
    if (indent === 0 && (text.startsWith('---') || text.startsWith('...') || text[0] === '%')) return undefined;
    lines.push({ indent, text: trimSpacesEnd(text) });
  }
  if (lines.length === 0 || lines[0]!.indent !== 0 || isItem(lines[0]!.text)) return undefined;
  try {
    const reader = { lines, next: 0 };
    const root = readMapping(reader, 0);
    return reader.next === lines.length ? root : undefined;
  } catch (error) {
    // Nesting deep enough to exhaust the stack, too: yaml decides what to say about it.
    if (error === UNSUPPORTED || error instanceof RangeError) return undefined;
    throw error;
  }
}

interface Reader {
  lines: Line[];
  next: number;
}

function isItem(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

/** Only spaces are YAML's indentation and separation here (String#trim would also take Unicode spaces). */
function trimSpacesStart(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) === 32) start += 1;
  return start === 0 ? text : text.slice(start);
}

function trimSpacesEnd(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

/** The lines of a mapping whose keys sit at `indent`, from the reader's next line. */
function readMapping(reader: Reader, indent: number): Record<string, unknown> {
  const mapping: Record<string, unknown> = {};
  while (reader.next < reader.lines.length) {
    const line = reader.lines[reader.next]!;
    if (line.indent < indent || (line.indent === indent && isItem(line.text))) break;
    if (line.indent > indent) throw UNSUPPORTED;
    const key = KEY.exec(line.text)?.[1];
    if (key === undefined || NOT_STRING_KEYS.has(key) || Object.hasOwn(mapping, key)) throw UNSUPPORTED;
    reader.next += 1;
    mapping[key] = readValue(reader, line.text.slice(key.length + 1), indent, true);
  }
  return mapping;
}

/** The items of a list whose "- " sits at `indent`. */
function readSequence(reader: Reader, indent: number): unknown[] {
  const items: unknown[] = [];
  while (reader.next < reader.lines.length) {
    const line = reader.lines[reader.next]!;
    if (line.indent < indent || (line.indent === indent && !isItem(line.text))) break;
    if (line.indent > indent) throw UNSUPPORTED;
    const rest = line.text.slice(1);
    const content = trimSpacesStart(rest);
    if (content !== '' && content[0] !== '#' && KEY.test(content)) {
      // "- key: value": a mapping whose keys line up with this first key.
      const column = indent + 1 + (rest.length - content.length);
      reader.lines[reader.next] = { indent: column, text: content };
      items.push(readMapping(reader, column));
    } else {
      reader.next += 1;
      items.push(readValue(reader, rest, indent, false));
    }
  }
  return items;
}

/**
 * The value after "key:" or "-": a scalar on the same line, or (when the line ends there) a
 * block on the lines below, more indented than `indent`; a mapping's value may also be a
 * list at the key's own indentation.
 */
function readValue(reader: Reader, rest: string, indent: number, inMapping: boolean): unknown {
  // `rest` is empty or starts with a space (KEY and isItem see to it).
  const text = trimSpacesStart(rest);
  if (text !== '' && text[0] !== '#') {
    // A scalar on this line must not go on on the next.
    const below = reader.lines[reader.next];
    if (below && below.indent > indent) throw UNSUPPORTED;
    return readScalar(text);
  }
  const below = reader.lines[reader.next];
  if (!below || below.indent < indent) return null;
  if (below.indent === indent) return inMapping && isItem(below.text) ? readSequence(reader, indent) : null;
  return isItem(below.text) ? readSequence(reader, below.indent) : readMapping(reader, below.indent);
}

/** A scalar or flow list that fills the rest of a line (comments allowed after a space). */
function readScalar(text: string): unknown {
  switch (text[0]) {
    case '"':
      return afterQuoted(text, readDoubleQuoted(text));
    case "'":
      return afterQuoted(text, readSingleQuoted(text));
    case '[':
      return readFlowList(withoutComment(text));
    default:
      if (PLAIN_START.test(text)) throw UNSUPPORTED;
      return resolvePlain(checkPlain(withoutComment(text)));
  }
}

/** Cuts a trailing " # comment" from plain text. */
function withoutComment(text: string): string {
  const hash = text.indexOf(' #');
  return hash === -1 ? text : trimSpacesEnd(text.slice(0, hash));
}

/** Plain text that stays one scalar: no ": " (a nested key) and no ":" at the end. */
function checkPlain(text: string): string {
  if (text.includes(': ') || text.endsWith(':')) throw UNSUPPORTED;
  return text;
}

/** A flow list of plain values, such as [1, 2, 3]. */
function readFlowList(text: string): unknown[] {
  if (!text.endsWith(']')) throw UNSUPPORTED;
  const inner = text.slice(1, -1);
  if (/^ *$/.test(inner)) return [];
  return inner.split(',').map((part) => {
    const item = part.replace(/^ +| +$/g, '');
    if (item === '' || PLAIN_START.test(item) || /[[\]{}#:"']/.test(item)) throw UNSUPPORTED;
    return resolvePlain(item);
  });
}

/** What may follow a closing quote: nothing, or spaces and a comment. */
function afterQuoted(text: string, quoted: { value: string; end: number }): string {
  const tail = text.slice(quoted.end);
  if (tail !== '' && !/^ +#/.test(tail)) throw UNSUPPORTED;
  return quoted.value;
}

/** '...' with '' for a quote, on one line. */
function readSingleQuoted(text: string): { value: string; end: number } {
  let value = '';
  let at = 1;
  for (;;) {
    const quote = text.indexOf("'", at);
    if (quote === -1) throw UNSUPPORTED;
    value += text.slice(at, quote);
    if (text[quote + 1] !== "'") return { value, end: quote + 1 };
    value += "'";
    at = quote + 2;
  }
}

const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', n: '\n', t: '\t' };

/** "..." with the common escapes (\" \\ \/ \n \t \uXXXX), on one line. */
function readDoubleQuoted(text: string): { value: string; end: number } {
  let value = '';
  let at = 1;
  for (;;) {
    const stop = nextOf(text, at);
    if (stop === -1) throw UNSUPPORTED;
    value += text.slice(at, stop);
    if (text[stop] === '"') return { value, end: stop + 1 };
    const escape = text[stop + 1] ?? '';
    if (escape === 'u') {
      const hex = text.slice(stop + 2, stop + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw UNSUPPORTED;
      const code = parseInt(hex, 16);
      if (code >= 0xd800 && code <= 0xdfff) throw UNSUPPORTED;
      value += String.fromCharCode(code);
      at = stop + 6;
    } else {
      const replacement = SIMPLE_ESCAPES[escape];
      if (replacement === undefined) throw UNSUPPORTED;
      value += replacement;
      at = stop + 2;
    }
  }
}

/** The next `"` or `\` from `at`. */
function nextOf(text: string, at: number): number {
  const quote = text.indexOf('"', at);
  const backslash = text.indexOf('\\', at);
  return backslash === -1 || (quote !== -1 && quote < backslash) ? quote : backslash;
}

const NULL = /^(?:~|[Nn]ull|NULL)$/;
const BOOLEAN = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT = /^[-+]?[0-9]+$/;
const INT_OCTAL = /^0o[0-7]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/** A plain scalar's value in the core schema, as yaml resolves it. */
function resolvePlain(text: string): unknown {
  const first = text.charCodeAt(0);
  // Most values are words: only these first characters can start a null, boolean or number.
  if (!(first <= 57 || first === 126 || first === 110 || first === 78 || first === 116 || first === 84 || first === 102 || first === 70)) return text;
  if (NULL.test(text)) return null;
  if (BOOLEAN.test(text)) return text[0] === 't' || text[0] === 'T';
  if (INT_OCTAL.test(text)) return parseInt(text.slice(2), 8);
  if (INT.test(text)) return parseInt(text, 10);
  if (INT_HEX.test(text)) return parseInt(text.slice(2), 16);
  if (FLOAT_SPECIAL.test(text)) return text.slice(-3).toLowerCase() === 'nan' ? NaN : text[0] === '-' ? -Infinity : Infinity;
  if (FLOAT.test(text)) return parseFloat(text);
  return text;
}
