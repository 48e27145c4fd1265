import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { parse, stringify, type ToStringOptions } from 'yaml';
import { describe, expect, test } from 'vitest';
import { YAML_OPTIONS } from '../../../generator/content/load.ts';
import { parseFast } from '../../../generator/content/yaml-fast.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
// @ts-expect-error: a plain JavaScript module of the benchmark scripts
import { syntheticContent } from '../../../scripts/synthetic-content.js';

const real = readFileSync(REAL_CONTENT, 'utf8');

/** What yaml makes of `source`: its value, or 'error'. */
const byYaml = (source: string): unknown => {
  try {
    return { value: parse(source, YAML_OPTIONS) };
  } catch {
    return 'error';
  }
};

/**
 * The fast path's contract: no answer, or yaml's answer exactly (-0, NaN and key order
 * included). Returns the value when there was one.
 */
function expectAgreement(source: string): { value: unknown } | undefined {
  const fast = parseFast(source);
  if (fast === undefined) return undefined;
  const yaml = byYaml(source);
  if (!isDeepStrictEqual({ value: fast }, yaml)) expect({ value: fast }, source).toStrictEqual(yaml);
  return { value: fast };
}

describe('reading content.yaml line by line', () => {
  test('the real content and synthetic files are read, to exactly what yaml reads', () => {
    // Saved on Windows, too: CRLF line ends.
    for (const source of [real, syntheticContent(REAL_CONTENT, 300) as string, real.replace(/\n/g, '\r\n')]) {
      expect(parseFast(source)).toBeDefined();
      expect(expectAgreement(source)).toBeDefined();
    }
  });

  test('comments, lists at the key’s indentation, compact mappings, flow lists and quoting mean what YAML says', () => {
    const source = [
      '# a comment',
      'site:',
      '  name: Young  Hustlers   # trailing comment',
      '  url: https://example.com/a#b?c=d:e',
      '  hash: "#7c3aed"',
      "  single: 'it''s # not a comment'",
      '  escaped: "tab\\there \\"quoted\\" \\u00e9 \\\\ \\/"',
      '  empty:',
      '  spaced: \u00a0x\u00a0',
      '    # an indented comment',
      'list:',
      '- id: 1',
      '  tags: [a b, 2, 3.5, ~, true]',
      '  none: []',
      '-   id: 2',
      '    nested:',
      '    - x',
      '    -',
      '    - - not read here',
      'values: [null, Null, NULL, ~, True, FALSE, 0o17, 0x1F, 1e3, .5, +5, -0, 007, 1.50, .inf, -.Inf, .NaN, tRUE, 1_000, 0b1, -x]',
    ].join('\n');
    // The "- - " line is outside the fast path; without it, the rest is inside.
    expect(parseFast(source)).toBeUndefined();
    const inside = source.replace('    - - not read here\n', '');
    expect(expectAgreement(inside)).toBeDefined();
    const value = parseFast(inside) as { values: unknown[]; site: Record<string, unknown>; list: unknown[] };
    expect(value.values).toEqual([null, null, null, null, true, false, 15, 31, 1000, 0.5, 5, -0, 7, 1.5, Infinity, -Infinity, NaN, 'tRUE', '1_000', '0b1', '-x']);
    expect(value.site).toMatchObject({ name: 'Young  Hustlers', single: "it's # not a comment", escaped: 'tab\there "quoted" é \\ /', empty: null });
    expect(value.list).toEqual([{ id: 1, tags: ['a b', 2, 3.5, null, true], none: [] }, { id: 2, nested: ['x', null] }]);
  });

  test('what it does not read is left to yaml', () => {
    const declined = [
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      'a: |\n  text\n',
      'a: >\n  text\n',
      'a: multi\n  line\n',
      'a: "multi\n  line"\n',
      'a: 1\na: 2\n',
      '"a": 1\n',
      'a:\tb\n',
      'a: 1\rb: 2\r',
      '%YAML 1.2\n---\na: 1\n',
      '---\na: 1\n',
      '- 1\n- 2\n',
      '  a: 1\n',
      'a: {b: 1}\n',
      'a: [b, [c]]\n',
      'a: [b,]\n',
      'a: b: c\n',
      'a: "x" y\n',
      'a: "\\x41"\n',
      'null: 1\n',
      '__proto__: 1\n',
      'a:\n    b: 1\n  c: 2\n',
      'a: 1\n b: 2\n',
      '? a\n: 1\n',
      'a: - 1\n',
      'a: @b\n',
      '',
    ];
    for (const source of declined) expect(parseFast(source), JSON.stringify(source)).toBeUndefined();
  });

  test('generated documents in every style yaml writes: whenever it answers, it is yaml’s answer', () => {
    // Mostly what content files hold, with YAML's special characters mixed in.
    const text = (maxLength: number) =>
      fc.oneof(
        { arbitrary: fc.string({ unit: fc.constantFrom(...'abc XYZ 019 .,-é🚀'), maxLength }), weight: 3 },
        fc.string({ unit: fc.constantFrom(...'abc XYZ 019 :#-\'"[]{},&*!|>%@`~.\\/é🚀\u00a0\t'), maxLength }),
      );
    const key = fc.oneof(
      { arbitrary: fc.constantFrom('id', 'title', 'a-b', 'x_1', 'on', 'no', 'price', 'books'), weight: 12 },
      fc.constantFrom('null', 'True', '__proto__', 'constructor', '1', 'a b', 'k:', '#k', '-k', '.5'),
      text(6),
    );
    const scalar = fc.oneof(
      { arbitrary: text(16), weight: 4 },
      fc.constantFrom('', ' ', 'a: b', 'a #b', 'a#b', '#', '-', '- a', ':', '[x]', '"', "'", '\\', '~', 'null', 'TRUE', 'tRUE', '0o7', '0x1f', '1e5', '.inf', '.NaN', '007', '+1 (555) 010-4477', '\u00a0', 'é ✓ 🚀'),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    );
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('list'), tie('map')),
      list: fc.array(tie('value'), { maxLength: 4 }),
      map: fc.dictionary(key, tie('value'), { minKeys: 1, maxKeys: 4 }),
    }));
    const options = fc.record({
      defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'),
      defaultKeyType: fc.constantFrom('PLAIN', 'PLAIN', 'PLAIN', null),
      indentSeq: fc.boolean(),
      indent: fc.constantFrom(2, 4),
      collectionStyle: fc.constantFrom('block', 'block', 'any', 'flow'),
      lineWidth: fc.constantFrom(0, 20, 80),
    });
    let answered = 0;
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 6 }), options, fc.boolean(), (root, style, crlf) => {
        const written = stringify(root, style as ToStringOptions);
        const source = crlf ? written.replace(/\n/g, '\r\n') : written;
        if (expectAgreement(source)) answered += 1;
      }),
      { numRuns: 3000 },
    );
    // Not vacuous: hundreds of the generated documents are read by the fast path.
    expect(answered).toBeGreaterThan(200);
  }, 120_000);

  test('edited copies of the real content: whenever it answers, it is yaml’s answer', () => {
    const snippets = [' ', '  ', '\n', '\r', '\r\n', ':', ': ', '- ', '#', ' #', '"', "'", '[', ']', ',', '&a ', '*a', '!', '|', '\\', '~', 'null', '0x1', '.5', '\t', 'key: v\n', '\u00a0'];
    const edit = fc.record({ at: fc.nat({ max: real.length }), cut: fc.nat({ max: 3 }), insert: fc.constantFrom(...snippets) });
    let answered = 0;
    let changed = 0;
    const realValue = parse(real, YAML_OPTIONS);
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
        let source = real;
        for (const { at, cut, insert } of edits) source = source.slice(0, at) + insert + source.slice(at + cut);
        const agreed = expectAgreement(source);
        if (!agreed) return;
        answered += 1;
        if (!isDeepStrictEqual(agreed.value, realValue)) changed += 1;
      }),
      { numRuns: 1000 },
    );
    expect(answered, 'read by the fast path').toBeGreaterThan(150);
    expect(changed, 'read to a different value').toBeGreaterThan(75);
  }, 120_000);
});
