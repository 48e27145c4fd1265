import { isAlias, isMap, isScalar, isSeq, Scalar, stringify, type Document, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { columnOf, endOfLine, indent, lineOf, lineStart } from './yaml-text.ts';

/*
 * The patches that make a document's text hold new data (yaml-edit.ts says how they are
 * chosen): a walk of the old data, the new data and the document's nodes together.
 */

/** An edit that cannot be made through the form, and where to make it instead. */
export interface RefusedEdit {
  path: string;
  message: string;
  line: number;
}

/** The text of content.yaml as parsed once: its document and its plain data. */
export interface YamlSource {
  text: string;
  doc: Document.Parsed;
  data: unknown;
}

/** A range of the text replaced; `scalar`: the scalar node whose value it replaces, when that is all it does. */
export interface Patch {
  start: number;
  end: number;
  text: string;
  scalar?: Scalar;
}

/**
 * Options for every value written: no folding of long lines, YAML 1.2 (as the build reads
 * it), and a double-quoted text on one line, its line breaks written as \n: continued over
 * several lines, as the library writes a long one, its later lines would start at column 0
 * once put in place after an indented key, outside the block they belong to (js-yaml reads
 * that, the editor's own parser does not).
 */
const WRITE = { lineWidth: 0, minContentWidth: 0, version: '1.2', flowCollectionPadding: false, doubleQuotedMinMultiLineLength: Number.POSITIVE_INFINITY } as const;

/** Walks the old data, the new and the document together; collects the patches, and the edits it must refuse. */
export class PatchWriter {
  readonly patches: Patch[] = [];
  readonly refused: RefusedEdit[] = [];
  private readonly text: string;
  private readonly doc: Document.Parsed;
  private readonly repeatedAnchors: Set<string>;

  constructor(source: YamlSource) {
    this.text = source.text;
    this.doc = source.doc;
    this.repeatedAnchors = aliasedAnchors(source.doc);
  }

  /** Patches for `node` (holding `old`) to hold `target`. */
  value(node: Node | null, old: unknown, target: unknown, path: (string | number)[]): void {
    if (deepEqual(old, target)) return;
    if (node && this.refuseShared(node, path)) return;
    if (node === null) throw new UnsupportedLayout(path, 'an empty document');
    if (isScalar(node) && isPlainValue(target) && isPlainValue(old)) {
      const [start, end] = node.range!;
      // An empty value (`key:`) has no text of its own: the new one goes after the colon.
      this.patches.push(start === end ? { start, end, text: ` ${this.scalar(target, node)}` } : { start, end, text: this.scalar(target, node), scalar: node });
      return;
    }
    if (isMap(node) && isObject(target) && isObject(old)) return node.flow ? this.replaceFlow(node, target) : this.map(node, old, target, path);
    if (isSeq(node) && Array.isArray(target) && Array.isArray(old)) return node.flow ? this.replaceFlow(node, target) : this.seq(node, old, target, path);
    // A value that changes kind (a scalar becomes a list): its holder writes it again.
    throw new KindChange();
  }

  /** An alias, or an anchor repeated by aliases: editing it would change more than this field. */
  private refuseShared(node: Node, path: (string | number)[]): boolean {
    if (isAlias(node)) {
      const line = anchorLine(this.text, node.source) ?? lineOf(this.text, node.range![0]);
      this.refused.push({
        path: path.join('.'),
        line: lineOf(this.text, node.range![0]),
        message: `is a copy of the value anchored as &${node.source} at line ${line} (an alias): edit it there, in content.yaml, where the change reaches every copy`,
      });
      return true;
    }
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor && this.repeatedAnchors.has(anchor)) {
      this.refused.push({
        path: path.join('.'),
        line: anchorLine(this.text, anchor) ?? lineOf(this.text, node.range![0]),
        message: `is anchored as &${anchor} at line ${anchorLine(this.text, anchor) ?? lineOf(this.text, node.range![0])} and repeated elsewhere by *${anchor}: edit it in content.yaml, where you can see every place it appears`,
      });
      return true;
    }
    return false;
  }

  private map(node: YAMLMap, old: Record<string, unknown>, target: Record<string, unknown>, path: (string | number)[]): void {
    const pairs = node.items as Pair<Node, Node | null>[];
    const own = new Map<string, number>();
    pairs.forEach((pair, index) => own.set(String(isScalar(pair.key) ? pair.key.value : pair.key), index));
    const staying = pairs.filter((_, index) => [...own].some(([key, at]) => at === index && key in target));
    // A map left with no keys of its own is `{}`: its holder writes it again.
    if (staying.length === 0) throw new KindChange();
    for (const [key, index] of own) {
      const pair = pairs[index]!;
      if (!(key in target)) {
        if (pair.value && this.refuseShared(pair.value, [...path, key])) continue;
        this.patches.push(this.removal(pairs, index, staying[0]!));
        continue;
      }
      try {
        this.value(pair.value, old[key], target[key], [...path, key]);
      } catch (error) {
        if (!(error instanceof KindChange)) throw error;
        const start = this.pairStart(pairs, index);
        const keyStart = pair.key && (pair.key as Node).range ? (pair.key as Node).range![0] : start;
        // The comments above the key stay; the key and its value are written again.
        const from = lineStart(this.text, keyStart);
        this.patches.push({ start: from, end: this.pairEnd(pair), text: indent(stringify({ [key]: target[key] }, WRITE), keyStart - from) });
      }
    }
    const added = Object.keys(target).filter((key) => !own.has(key));
    if (added.length === 0) return;
    const last = pairs[pairs.length - 1];
    if (!last) throw new KindChange(); // an empty block map cannot be: `{}` is flow
    const at = this.pairEnd(last);
    const column = columnOf(this.text, (last.key as Node).range![0]);
    const text = indent(stringify(Object.fromEntries(added.map((key) => [key, target[key]])), WRITE), column);
    this.patches.push({ start: at, end: at, text: at > 0 && this.text[at - 1] !== '\n' ? `\n${text}` : text });
  }

  /**
   * The patch that removes pair `index`. The first key of a list item shares the dash's
   * line (`- id: 1`): removing it keeps the dash, and the first key that stays moves up
   * onto that line.
   */
  private removal(pairs: Pair<Node, Node | null>[], index: number, firstStaying: Pair<Node, Node | null>): Patch {
    const keyStart = (pairs[index]!.key as Node).range![0];
    const from = lineStart(this.text, keyStart);
    if (index === 0 && this.text.slice(from, keyStart).trim() !== '') return { start: keyStart, end: (firstStaying.key as Node).range![0], text: '' };
    return { start: this.pairStart(pairs, index), end: this.pairEnd(pairs[index]!), text: '' };
  }

  private seq(node: YAMLSeq, old: unknown[], target: unknown[], path: (string | number)[]): void {
    const items = node.items as Node[];
    let head = 0;
    while (head < old.length && head < target.length && deepEqual(old[head], target[head])) head += 1;
    let tail = 0;
    while (tail < old.length - head && tail < target.length - head && deepEqual(old[old.length - 1 - tail], target[target.length - 1 - tail])) tail += 1;
    const oldEnd = old.length - tail;
    const newEnd = target.length - tail;
    // Between the unchanged head and tail, each new item is an old one unchanged (perhaps
    // moved), an old one edited (the old items left over, in order), or new.
    const unused = new Map<string, number[]>();
    for (let index = head; index < oldEnd; index += 1) {
      const key = JSON.stringify(old[index]);
      unused.set(key, [...(unused.get(key) ?? []), index]);
    }
    const entries: { index: number; old?: number; equal: boolean }[] = [];
    const taken = new Set<number>();
    for (let index = head; index < newEnd; index += 1) {
      const match = unused.get(JSON.stringify(target[index]))?.shift();
      if (match !== undefined) taken.add(match);
      entries.push({ index, old: match, equal: match !== undefined });
    }
    const leftOver = [...Array(oldEnd - head).keys()].map((offset) => head + offset).filter((index) => !taken.has(index));
    for (const entry of entries) if (entry.old === undefined && leftOver.length > 0) entry.old = leftOver.shift();
    // The longest run of old items still in their order stays where it is; the others move.
    const staying = increasingRun(entries.map((entry) => entry.old ?? -1));
    let insertAt = head < items.length ? this.itemStart(items, head) : this.itemEnd(items[items.length - 1]!);
    entries.forEach((entry, position) => {
      if (entry.old !== undefined && staying.has(position)) {
        if (!entry.equal) this.itemInPlace(items, entry.old, old[entry.old], target[entry.index], [...path, entry.index]);
        insertAt = this.itemEnd(items[entry.old]!);
        return;
      }
      const text = entry.old === undefined ? this.newItem(items, target[entry.index]) : entry.equal ? this.block(items, entry.old) : this.editedBlock(items, entry.old, old[entry.old], target[entry.index], [...path, entry.index]);
      this.patches.push({ start: insertAt, end: insertAt, text });
    });
    const stayingOld = new Set([...staying].map((position) => entries[position]!.old));
    for (let index = head; index < oldEnd; index += 1) if (!stayingOld.has(index)) this.patches.push({ start: this.itemStart(items, index), end: this.itemEnd(items[index]!), text: '' });
  }

  /** Item `index` edited where it is; written again whole when its value changes kind. */
  private itemInPlace(items: Node[], index: number, old: unknown, target: unknown, path: (string | number)[]): void {
    try {
      this.value(items[index]!, old, target, path);
    } catch (error) {
      if (!(error instanceof KindChange)) throw error;
      this.patches.push({ start: this.itemStart(items, index), end: this.itemEnd(items[index]!), text: this.newItem(items, target) });
    }
  }

  /** Item `index`'s block of lines with the patches that make it hold `target`. */
  private editedBlock(items: Node[], index: number, old: unknown, target: unknown, path: (string | number)[]): string {
    const start = this.itemStart(items, index);
    const end = this.itemEnd(items[index]!);
    const inner = new PatchWriter({ text: this.text, doc: this.doc, data: null });
    try {
      inner.value(items[index]!, old, target, path);
    } catch (error) {
      if (!(error instanceof KindChange)) throw error;
      return this.newItem(items, target);
    }
    this.refused.push(...inner.refused);
    let text = '';
    let at = start;
    for (const patch of inner.patches.sort((a, b) => a.start - b.start)) {
      text += this.text.slice(at, patch.start) + patch.text;
      at = patch.end;
    }
    return text + this.text.slice(at, end);
  }

  /** A new item, as lines at the column of the list's dashes. */
  private newItem(items: Node[], value: unknown): string {
    const first = items[0];
    const column = first ? columnOf(this.text, dashOf(this.text, first)) : 0;
    return indent(stringify([value], WRITE), column);
  }

  /** Where item `index`'s lines begin: after the previous item (the comments above it are its own), or at its dash's line. */
  private itemStart(items: Node[], index: number): number {
    return index === 0 ? lineStart(this.text, dashOf(this.text, items[0]!)) : endOfLine(this.text, items[index - 1]!.range![2]);
  }

  private itemEnd(item: Node): number {
    return endOfLine(this.text, item.range![2]);
  }

  private block(items: Node[], index: number): string {
    return this.text.slice(this.itemStart(items, index), this.itemEnd(items[index]!));
  }

  private pairStart(pairs: Pair<Node, Node | null>[], index: number): number {
    return index === 0 ? lineStart(this.text, (pairs[0]!.key as Node).range![0]) : this.pairEnd(pairs[index - 1]!);
  }

  private pairEnd(pair: Pair<Node, Node | null>): number {
    return endOfLine(this.text, (pair.value ?? (pair.key as Node)).range![2]);
  }

  /** A flow collection written again, still in flow style, on its own range. */
  private replaceFlow(node: YAMLMap | YAMLSeq, target: unknown): void {
    const written = this.doc.createNode(target, { flow: true });
    this.patches.push({ start: node.range![0], end: node.range![1], text: stringifyNode(written) });
  }

  /** A scalar in its old style where the value allows it. */
  private scalar(value: string | number | boolean | null, node: Scalar): string {
    if (typeof value !== 'string') return stringify(value, WRITE).trimEnd();
    const type = node.type;
    if (type === Scalar.BLOCK_LITERAL || type === Scalar.BLOCK_FOLDED) return this.blockScalar(value, node);
    if (value.includes('\n')) return stringify(value, { ...WRITE, defaultStringType: Scalar.QUOTE_DOUBLE }).trimEnd();
    const style = type === Scalar.QUOTE_DOUBLE || type === Scalar.QUOTE_SINGLE ? type : Scalar.PLAIN;
    return stringify(value, { ...WRITE, defaultStringType: style }).trimEnd();
  }

  /** A block scalar (`|` or `>`) with the new text, in the same style, indented as the old one was. */
  private blockScalar(value: string, node: Scalar): string {
    const source = this.text.slice(node.range![0], node.range![1]);
    const firstLine = source.split('\n')[1] ?? '';
    const column = firstLine.length - firstLine.trimStart().length || columnOf(this.text, lineStart(this.text, node.range![0])) + 2;
    const indented = (lines: string[]) => lines.map((line) => (line === '' ? '' : ' '.repeat(column) + line)).join('\n');
    // A first line that starts with a space would need an indentation indicator: write it quoted instead.
    if (value.startsWith(' ')) return stringify(value, { ...WRITE, defaultStringType: Scalar.QUOTE_DOUBLE }).trimEnd();
    if (node.type === Scalar.BLOCK_FOLDED) {
      // Folded, a line break is a blank line and a single one a space: the library writes that.
      const folded = new Scalar(value);
      folded.type = Scalar.BLOCK_FOLDED;
      const [header, ...lines] = stringify(folded, WRITE).replace(/\n$/, '').split('\n');
      return `${header}\n${indented(lines)}\n`;
    }
    const chomp = value.endsWith('\n\n') ? '+' : value.endsWith('\n') ? '' : '-';
    return `|${chomp}\n${indented(value.replace(/\n$/, '').split('\n'))}\n`;
  }
}

/** Raised when a value changes kind (scalar, map, list): the pair or item that holds it is written again. */
export class KindChange extends Error {}

/** A layout the patcher cannot edit in place. */
export class UnsupportedLayout extends Error {
  constructor(path: (string | number)[], what: string) {
    super(`cannot edit ${path.join('.') || 'the file'} in place: ${what}`);
  }
}

/**
 * The positions of a longest strictly increasing run of `values` (-1: none), found by
 * patience sorting: the old items that can stay where they are while the others move.
 */
function increasingRun(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, position) => {
    if (value < 0) return;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[position] = tails[low - 1]!;
    tails[low] = position;
  });
  const run = new Set<number>();
  for (let position = tails[tails.length - 1] ?? -1; position !== -1; position = previous[position]!) run.add(position);
  return run;
}

/** The anchors each document's aliases repeat, found once per document (a document followed through a save keeps its aliases: yaml-follow.ts). */
const anchorsOf = new WeakMap<Document.Parsed, Set<string>>();

/** Anchors that an alias repeats somewhere in the document. */
function aliasedAnchors(doc: Document.Parsed): Set<string> {
  const known = anchorsOf.get(doc);
  if (known) return known;
  const used = new Set<string>();
  anchorsOf.set(doc, used);
  const walk = (node: unknown): void => {
    if (isAlias(node)) used.add(node.source);
    else if (isMap(node) || isSeq(node)) for (const item of node.items) walk(item);
    else if (node && typeof node === 'object' && 'key' in node) (walk((node as Pair).key), walk((node as Pair).value));
  };
  walk(doc.contents);
  return used;
}

/** The line of the anchor `&name`. */
function anchorLine(text: string, name: string): number | undefined {
  const at = new RegExp(`&${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s,\\]}]|$)`).exec(text)?.index;
  return at === undefined ? undefined : lineOf(text, at);
}

function stringifyNode(node: Node): string {
  return stringify(node, WRITE).trimEnd();
}

function isPlainValue(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two plain values (what YAML or JSON reads as) are equal, deeply. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    return a.length === list.length && a.every((item, index) => deepEqual(item, list[index]));
  }
  const left = Object.keys(a);
  const right = b as Record<string, unknown>;
  return left.length === Object.keys(right).length && left.every((key) => key in right && deepEqual((a as Record<string, unknown>)[key], right[key]));
}

/** The position of a block list item's dash: the first non-blank character before the item. */
function dashOf(text: string, item: Node): number {
  let at = item.range![0];
  // A scalar item's range starts at the value; a map item's at its first key. Step back over spaces to the dash.
  while (at > 0 && (text[at - 1] === ' ' || text[at - 1] === '\n' || text[at - 1] === '\r')) at -= 1;
  if (text[at - 1] !== '-') throw new UnsupportedLayout([], `no dash before the list item at line ${lineOf(text, item.range![0])}`);
  return at - 1;
}
