import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { isMap, isNode, isScalar, isSeq, visit, type Node } from 'yaml';
import { describe, expect, test } from 'vitest';
import { editYaml, lineOf, readYamlSource, type YamlSource } from '../../../../generator/edit/yaml/yaml-edit.ts';
import { followEdit } from '../../../../generator/edit/yaml/yaml-follow.ts';
import { REAL_CONTENT } from '../../../helpers/content.ts';

/*
 * The editor's save: content.yaml changes only where a value changed. Checked on small
 * files for each kind of edit, and as a property on the real content: random edits,
 * saved one after another, leave every line they did not touch byte for byte, and the
 * file reads back (as the build reads it, with js-yaml) to the edited values.
 */

const REAL = readFileSync(REAL_CONTENT, 'utf8');

/** Edits `text` with `change` applied to a copy of its data; returns the new text. */
function edit(text: string, change: (data: any) => void): string {
  const source = readYamlSource(text)!;
  // As the editor sends it: JSON, where two aliases are two copies.
  const data = JSON.parse(JSON.stringify(source.data));
  change(data);
  const result = editYaml(source, data);
  if (result.text === null) throw new Error(result.refused.map((refusal) => refusal.message).join('\n'));
  expect(yaml.load(result.text, { schema: yaml.CORE_SCHEMA })).toEqual(data);
  // and the editor can read what it wrote, to edit it again
  expect(readYamlSource(result.text)).not.toBeNull();
  return result.text;
}

describe('one edit changes only its own bytes', () => {
  test('a price: one line differs, the comment on it and every other byte stay', () => {
    const text = '# prices\nbooks:\n  - id: 1\n    price: 16.99 # launch price\n\n  - id: 2\n    price: 9\n';
    expect(edit(text, (data) => (data.books[0].price = 12.5))).toBe('# prices\nbooks:\n  - id: 1\n    price: 12.5 # launch price\n\n  - id: 2\n    price: 9\n');
  });

  test('a quoted value keeps its quotes; a plain one is quoted only when it must be', () => {
    const text = 'color: "#7c3aed"\nname: Young Hustlers\nnote: \'single\'\n';
    const edited = edit(text, (data) => {
      data.color = '#000000';
      data.name = 'Hustle: the network';
      data.note = 'still single';
    });
    expect(edited).toBe('color: "#000000"\nname: "Hustle: the network"\nnote: \'still single\'\n');
  });

  test('a block scalar stays a block of its style (literal or folded), indented as it was', () => {
    const text = 'about:\n  intro: |\n    First line.\n    Second line.\n  next: x\n';
    expect(edit(text, (data) => (data.about.intro = 'One.\nTwo.\nThree.\n'))).toBe('about:\n  intro: |\n    One.\n    Two.\n    Three.\n  next: x\n');
    const folded = 'about:\n  intro: >-\n    First line,\n    continued.\n  next: x\n';
    expect(edit(folded, (data) => (data.about.intro = 'One, continued.\nTwo.'))).toBe('about:\n  intro: >-\n    One, continued.\n\n    Two.\n  next: x\n');
    expect(edit(folded, (data) => (data.about.intro = 'One.\n\nTwo.\n\n'))).toBe('about:\n  intro: >+\n    One.\n\n\n    Two.\n\n  next: x\n');
  });

  test('a text given line breaks goes on one line, quoted, wherever it sits', () => {
    const text = 'faq:\n  items:\n    - question: Is it free?\n      answer: Yes.\n    - question: Why?\n      answer: Because.\n';
    const answer = 'Yes, it is free: no fees, no card, nothing to pay.\n\nThe eBooks are optional.';
    expect(edit(text, (data) => (data.faq.items[0].answer = answer))).toBe(
      'faq:\n  items:\n    - question: Is it free?\n      answer: "Yes, it is free: no fees, no card, nothing to pay.\\n\\nThe eBooks are optional."\n    - question: Why?\n      answer: Because.\n',
    );
    // A new item is written by the library in block style; edit() checks the editor reads it back.
    edit(text, (data) => data.faq.items.push({ question: 'And?', answer: ` ${answer}` }));
  });

  test('a flow list is written again in flow style', () => {
    const text = 'bundles:\n  - id: a\n    books: [1, 2, 3] # the starters\n';
    expect(edit(text, (data) => (data.bundles[0].books = [3, 1]))).toBe('bundles:\n  - id: a\n    books: [3, 1] # the starters\n');
  });

  test('an empty value gets one', () => {
    expect(edit('a:\nb: 1\n', (data) => (data.a = 'now'))).toBe('a: now\nb: 1\n');
  });

  test('a key added goes after the last one, at its indentation; a key removed takes its comment along', () => {
    const text = 'site:\n  name: A\n  # the short name\n  shortName: B\n  url: https://a.example\n';
    expect(edit(text, (data) => delete data.site.shortName)).toBe('site:\n  name: A\n  url: https://a.example\n');
    expect(edit(text, (data) => (data.site.logo = { src: 'media/logo.png', alt: 'Logo' }))).toBe(`${text}  logo:\n    src: media/logo.png\n    alt: Logo\n`);
  });

  test('list items added, removed and moved move as whole lines, with the comments above them', () => {
    const text = 'courses:\n  - id: 1\n    title: One\n  # the second\n  - id: 2\n    title: Two\n  - id: 3\n    title: Three\n\nafter: x\n';
    expect(edit(text, (data) => data.courses.splice(1, 1))).toBe('courses:\n  - id: 1\n    title: One\n  - id: 3\n    title: Three\n\nafter: x\n');
    expect(edit(text, (data) => data.courses.push({ id: 4, title: 'Four' }))).toBe(`courses:\n  - id: 1\n    title: One\n  # the second\n  - id: 2\n    title: Two\n  - id: 3\n    title: Three\n  - id: 4\n    title: Four\n\nafter: x\n`);
    expect(edit(text, (data) => data.courses.reverse())).toBe('courses:\n  - id: 3\n    title: Three\n  # the second\n  - id: 2\n    title: Two\n  - id: 1\n    title: One\n\nafter: x\n');
  });

  test('an item edited while the one after it is removed keeps its own comment', () => {
    const text = 'items:\n  - a # first\n  - b # second\n  - c # third\n';
    expect(edit(text, (data) => (data.items = ['B', 'c']))).toBe('items:\n  - B # first\n  - c # third\n');
  });

  test('the first key of a list item removed: the dash stays and the next key moves up to it', () => {
    const text = 'list:\n  - label: A\n    icon: mail\n  - label: B\n    icon: lock\n';
    expect(edit(text, (data) => delete data.list[0].label)).toBe('list:\n  - icon: mail\n  - label: B\n    icon: lock\n');
    expect(edit(text, (data) => (data.list[1] = {}))).toBe('list:\n  - label: A\n    icon: mail\n  - {}\n');
  });

  test('a value that changes kind is written again under its key', () => {
    expect(edit('a: 1\nb: 2 # keep\n', (data) => (data.a = { x: [1, 2] }))).toBe('a:\n  x:\n    - 1\n    - 2\nb: 2 # keep\n');
  });

  test('a file with Windows line endings keeps them, in new lines too', () => {
    const text = 'site:\r\n  name: A\r\nlist:\r\n  - a\r\n';
    expect(edit(text, (data) => ((data.site.name = 'B'), data.list.push('b')))).toBe('site:\r\n  name: B\r\nlist:\r\n  - a\r\n  - b\r\n');
  });

  test('the lines it changed are reported', () => {
    const source = readYamlSource('a: 1\nb: 2\nc: 3\n')!;
    expect(editYaml(source, { a: 1, b: 20, c: 3 }).changedLines).toEqual([2]);
  });
});

describe('values shared through anchors are refused, with where to edit them', () => {
  const text = 'defaults: &price\n  amount: 5\nbooks:\n  - price: *price\n  - price: 7\n';

  test('an edit through an alias names the anchor line', () => {
    const source = readYamlSource(text)!;
    const data = JSON.parse(JSON.stringify(source.data));
    data.books[0].price.amount = 6;
    const result = editYaml(source, data);
    expect(result.text).toBeNull();
    expect(result.refused).toEqual([{ path: 'books.0.price', line: 4, message: expect.stringContaining('anchored as &price at line 1') }]);
  });

  test('an edit of the anchored value itself, which aliases repeat', () => {
    const source = readYamlSource(text)!;
    const data = JSON.parse(JSON.stringify(source.data));
    data.defaults.amount = 6;
    expect(editYaml(source, data).refused[0]).toMatchObject({ path: 'defaults', line: 1, message: expect.stringContaining('repeated elsewhere by *price') });
  });

  test('edits elsewhere in the same file go through', () => {
    expect(edit(text, (data) => (data.books[1].price = 8))).toBe(text.replace('price: 7', 'price: 8'));
  });
});

test('a file with a syntax error is not read as a document to edit', () => {
  expect(readYamlSource('a: [1, 2\nb: 3\n')).toBeNull();
});

/*
 * The property. An edit is drawn against the file as it is now (so its path is real):
 * set a scalar, remove a list item or an optional key, add a list item or a key, move a
 * list item. Its "touched" lines are the lines of the node it edits (for a removal or a
 * move, with the comment lines just above it). Every other line of the file must be in
 * the new file, in the same order, byte for byte.
 */

type Path = (string | number)[];
type Edit = { kind: 'set'; path: Path; value: string | number } | { kind: 'remove'; path: Path } | { kind: 'add'; path: Path; value: unknown } | { kind: 'move'; path: Path; to: number };

interface Leaf {
  path: Path;
  value: unknown;
}

/** Every scalar, list and map of the data with its path. */
function walk(value: unknown, path: Path = [], out: { scalars: Leaf[]; lists: Leaf[]; maps: Leaf[] } = { scalars: [], lists: [], maps: [] }) {
  if (Array.isArray(value)) {
    out.lists.push({ path, value });
    value.forEach((item, index) => walk(item, [...path, index], out));
  } else if (value && typeof value === 'object') {
    out.maps.push({ path, value });
    for (const [key, item] of Object.entries(value)) walk(item, [...path, key], out);
  } else out.scalars.push({ path, value });
  return out;
}

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.'":#&!?-]{0,30}$/);

function editOf(data: unknown): fc.Arbitrary<Edit> {
  const { scalars, lists, maps } = walk(data);
  const blockLists = lists.filter((list) => (list.value as unknown[]).length > 1);
  const arbitraries: fc.Arbitrary<Edit>[] = [
    fc.constantFrom(...scalars).chain((leaf) =>
      (typeof leaf.value === 'number' ? fc.integer({ min: 0, max: 99_999 }).map((cents) => cents / 100) : word).map((value): Edit => ({ kind: 'set', path: leaf.path, value })),
    ),
    fc.constantFrom(...maps.filter((map) => Object.keys(map.value as object).length > 1)).chain((map) =>
      fc.constantFrom(...Object.keys(map.value as object)).map((key): Edit => ({ kind: 'remove', path: [...map.path, key] })),
    ),
    // A key the map does not have yet (an earlier step may have added one): setting a key it has is a set.
    fc.constantFrom(...maps).chain((map) =>
      fc
        .tuple(fc.stringMatching(/^[a-z][a-zA-Z]{2,8}$/), word)
        .filter(([key]) => !Object.hasOwn(map.value as object, `new${key}`))
        .map(([key, value]): Edit => ({ kind: 'add', path: [...map.path, `new${key}`], value })),
    ),
  ];
  if (blockLists.length > 0) {
    arbitraries.push(
      fc.constantFrom(...blockLists).chain((list) => {
        const items = list.value as unknown[];
        return fc.oneof(
          fc.nat(items.length - 1).map((index): Edit => ({ kind: 'remove', path: [...list.path, index] })),
          fc.tuple(fc.nat(items.length), fc.nat(items.length - 1)).map(([index, from]): Edit => ({ kind: 'add', path: [...list.path, index], value: structuredClone(items[from]) })),
          fc.tuple(fc.nat(items.length - 1), fc.nat(items.length - 1)).map(([index, to]): Edit => ({ kind: 'move', path: [...list.path, index], to })),
        );
      }),
    );
  }
  return fc.oneof(...arbitraries);
}

function apply(data: any, change: Edit): void {
  const parent = change.path.slice(0, -1).reduce((value, key) => value[key], data);
  const key = change.path[change.path.length - 1]!;
  if (change.kind === 'set') parent[key] = change.value;
  else if (change.kind === 'remove') Array.isArray(parent) ? parent.splice(key as number, 1) : delete parent[key];
  else if (change.kind === 'add') Array.isArray(parent) ? parent.splice(key as number, 0, change.value) : (parent[key] = change.value);
  else parent.splice(change.to, 0, ...parent.splice(key as number, 1));
}

/** The 1-based lines an edit may change: its node's, and for a removal or a move the comments above it. */
function touchedLines(text: string, change: Edit): Set<number> {
  const doc = readYamlSource(text)!.doc;
  const touched = new Set<number>();
  const parent = doc.getIn(change.path.slice(0, -1), true) as Node;
  // A flow collection (`books: [1, 2]`) is written again whole.
  if ((isSeq(parent) || isMap(parent)) && parent.flow) {
    for (let line = lineOf(text, parent.range![0]); line <= lineOf(text, parent.range![1]); line += 1) touched.add(line);
    return touched;
  }
  // Something added: no line of the file is touched.
  if (change.kind === 'add') return touched;
  const node = doc.getIn(change.path, true) as Node | undefined;
  const keyNode = isMap(parent) ? (parent.items.find((pair) => String((pair.key as { value: unknown }).value) === String(change.path[change.path.length - 1]))?.key as Node) : undefined;
  const from = lineOf(text, (keyNode ?? node)!.range![0]);
  const to = lineOf(text, Math.max(node!.range![0], node!.range![2] - 1));
  for (let line = from; line <= to; line += 1) touched.add(line);
  const lines = text.split('\n');
  if (change.kind !== 'set' || isSeq(node) || isMap(node))
    for (let line = from - 1; line >= 1 && /^\s*(#.*)?$/.test(lines[line - 1]!); line -= 1) touched.add(line);
  if (change.kind === 'remove' && isMap(parent) && keyNode === (parent.items[0]?.key as Node)) {
    // A list item's first key shares the dash's line: the next key moves up onto it.
    const next = parent.items[1]?.key as Node | undefined;
    if (next) touched.add(lineOf(text, next.range![0]));
  }
  if (change.kind === 'move' || change.kind === 'remove') {
    // The dash of a list item sits on its first line, before the node.
    touched.add(lineOf(text, node!.range![0]));
  }
  return touched;
}

/** Whether `lines` holds `wanted` in order (other lines may come between). */
function inOrder(lines: string[], wanted: string[]): boolean {
  let at = 0;
  for (const line of lines) if (at < wanted.length && line === wanted[at]) at += 1;
  return at === wanted.length;
}

test('random edits saved one after another leave every untouched line byte for byte, and read back to the edited values', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 6 }), fc.integer(), (count, seed) => {
      let text = REAL;
      for (let step = 0; step < count; step += 1) {
        const source = readYamlSource(text)!;
        const change = fc.sample(editOf(source.data), { seed: seed + step, numRuns: 1 })[0]!;
        const data = structuredClone(source.data);
        apply(data, change);
        const result = editYaml(source, data);
        expect(result.refused).toEqual([]);
        const next = result.text!;
        expect(yaml.load(next, { schema: yaml.CORE_SCHEMA }), JSON.stringify(change)).toEqual(data);
        const touched = touchedLines(text, change);
        const kept = text.split('\n').filter((_, index) => !touched.has(index + 1));
        expect(inOrder(next.split('\n'), kept), JSON.stringify(change)).toBe(true);
        text = next;
      }
    }),
    { numRuns: 40 },
  );
}, 120_000);

test('many edits saved at once (as the editor does after undo and redo) leave the lines none of them touched', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }), (seeds) => {
      const source = readYamlSource(REAL)!;
      const data = structuredClone(source.data);
      const touched = new Set<number>();
      // Scalars set at distinct paths of the original file: their lines are known before any edit.
      const { scalars } = walk(source.data);
      for (const seed of seeds) {
        const leaf = scalars[seed % scalars.length]!;
        const value = typeof leaf.value === 'number' ? (seed % 10_000) / 100 : `Edited ${seed}`;
        apply(data, { kind: 'set', path: leaf.path, value });
        for (const line of touchedLines(REAL, { kind: 'set', path: leaf.path, value })) touched.add(line);
      }
      const result = editYaml(source, data);
      expect(yaml.load(result.text!, { schema: yaml.CORE_SCHEMA })).toEqual(data);
      const kept = REAL.split('\n').filter((_, index) => !touched.has(index + 1));
      expect(inOrder(result.text!.split('\n'), kept)).toBe(true);
      expect(result.text!.split('\n')).toHaveLength(REAL.split('\n').length);
    }),
    { numRuns: 60 },
  );
}, 120_000);

/** Every node of a document as what editing reads of it: its range, and a scalar's value and style. */
function nodesOf(source: YamlSource): unknown[] {
  const nodes: unknown[] = [source.doc.range];
  visit(source.doc, (_key, node) => {
    if (isNode(node)) nodes.push(isScalar(node) ? [node.range, node.value, node.type, node.source] : node.range);
  });
  return nodes;
}

test('the document of a save that only set values, made from the one edited, is the document a fresh parse gives', () => {
  let followed = 0;
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 5 }), fc.boolean(), (seeds, crlf) => {
      let source = readYamlSource(crlf ? REAL.replace(/\n/g, '\r\n') : REAL)!;
      // Saves one after another, each edited from the document the last one followed.
      for (const seed of seeds) {
        const data = structuredClone(source.data);
        const { scalars } = walk(data);
        const leaf = scalars[seed % scalars.length]!;
        const value = typeof leaf.value === 'number' ? (seed % 10_000) / 100 : seed % 3 === 0 ? `Line one\nline ${seed}: two` : `Edited #${seed} it's`;
        apply(data, { kind: 'set', path: leaf.path, value });
        const result = editYaml(source, data);
        if (result.text === null) return;
        const next = followEdit(source, result.patches, result.text, data);
        const fresh = readYamlSource(result.text)!;
        if (!next) {
          source = fresh;
          continue;
        }
        followed += 1;
        expect(nodesOf(next)).toEqual(nodesOf(fresh));
        source = next;
      }
    }),
    { numRuns: 40 },
  );
  // Most of these saves set a plain value: they must have been followed, not parsed again.
  expect(followed).toBeGreaterThan(40);
}, 120_000);

test('a save that adds, removes or moves an item is parsed again, not followed', () => {
  const source = readYamlSource(REAL)!;
  const data = structuredClone(source.data) as { courses: unknown[] };
  data.courses.reverse();
  const result = editYaml(source, data);
  expect(result.text).not.toBeNull();
  expect(followEdit(source, result.text === null ? [] : result.patches, result.text!, data)).toBeNull();
});
