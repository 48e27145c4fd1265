import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { YAML_OPTIONS } from '../../../generator/content/load.ts';
import { parseInSections } from '../../../generator/content/yaml-sections.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
// @ts-expect-error: a plain JavaScript module of the benchmark scripts
import { syntheticContent } from '../../../scripts/synthetic-content.js';

const real = readFileSync(REAL_CONTENT, 'utf8');
const full = (source: string): unknown => {
  try {
    return parse(source, YAML_OPTIONS);
  } catch {
    return 'error';
  }
};

describe('parsing a large content.yaml in sections', () => {
  test('the real content and a synthetic 300-course file parse exactly as a whole, in pieces of any size', () => {
    const synthetic = syntheticContent(REAL_CONTENT, 300) as string;
    for (const source of [real, synthetic])
      for (const pieceBytes of [1, 500, 4096, 1 << 20]) {
        const sectioned = parseInSections(source, YAML_OPTIONS, pieceBytes);
        expect(sectioned).toBeDefined();
        expect(sectioned).toEqual(full(source));
      }
  });

  test('flow lists, comments, multi-line text and compact lists keep their meaning', () => {
    const source = [
      '# a comment',
      'intro: text',
      '',
      'tags: [a, b,',
      '  c]',
      'quoted: "multi',
      '  line: not a key"',
      'plain: multi',
      '  line plain text',
      'list:',
      '- id: 1',
      '  text: "quoted',
      '    - not an item"',
      '# between items',
      '- id: 2',
      '  nested:',
      '  - x',
      '  - y',
      'after: 1',
    ].join('\n');
    const sectioned = parseInSections(source, YAML_OPTIONS, 1);
    expect(sectioned).toEqual(full(source));
    expect((sectioned as { list: unknown[] }).list).toHaveLength(2);
  });

  test('anything that could tie sections together is parsed whole instead', () => {
    for (const source of ['a: &x 1\nb: *x\n', '%YAML 1.2\n---\na: 1\n', 'a: 1\na: 2\n', '- 1\n- 2\n', 'a: !!str 1\n', '? a\n: 1\n', 'a: |\n  text\nb: 1\n', 'a:\n  - 1\n"b": 2\n'])
      expect(parseInSections(source, YAML_OPTIONS, 1), source).toBeUndefined();
  });

  test('edited files: whenever the split answers, it is what parsing the whole file gives', () => {
    const lines = real.split('\n');
    const edit = fc.record({
      at: fc.nat({ max: lines.length - 1 }),
      kind: fc.constantFrom('delete', 'duplicate', 'indent', 'outdent', 'dash', 'colon', 'quote', 'bracket', 'pipe', 'anchor'),
    });
    let answered = 0;
    let differentFromReal = 0;
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 2 }), fc.constantFrom(1, 300, 2000), (edits, pieceBytes) => {
        const edited = [...lines];
        for (const { at, kind } of edits) {
          const line = edited[at] ?? '';
          if (kind === 'delete') edited.splice(at, 1);
          else if (kind === 'duplicate') edited.splice(at, 0, line);
          else if (kind === 'indent') edited[at] = `  ${line}`;
          else if (kind === 'outdent') edited[at] = line.replace(/^ {1,2}/, '');
          else if (kind === 'dash') edited[at] = line.replace(/^( *)/, '$1- ');
          else if (kind === 'colon') edited[at] = `${line}: x`;
          else if (kind === 'quote') edited[at] = line.replace(': ', ': "');
          else if (kind === 'bracket') edited[at] = line.replace(': ', ': [');
          else if (kind === 'pipe') edited[at] = line.replace(/: .*/, ': |');
          else edited[at] = line.replace(': ', ': &a ');
        }
        const source = edited.join('\n');
        const sectioned = parseInSections(source, YAML_OPTIONS, pieceBytes);
        if (sectioned === undefined) return;
        answered += 1;
        const whole = full(source);
        expect(sectioned).toEqual(whole);
        if (JSON.stringify(whole) !== JSON.stringify(full(real))) differentFromReal += 1;
      }),
      { numRuns: 300 },
    );
    // The property is not vacuous: most edited files are split, and they do mean something else.
    expect(answered, 'split').toBeGreaterThan(30);
    expect(differentFromReal, 'changed meaning').toBeGreaterThan(8);
  }, 120_000);
});
