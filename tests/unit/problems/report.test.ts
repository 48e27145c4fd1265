import { describe, expect, test } from 'vitest';
import type { Problem } from '../../../generator/problems/errors.ts';
import { colorEnabled, colorsFor, problemsAsGithubAnnotations, problemsAsJson } from '../../../generator/problems/report.ts';

const PROBLEMS: Problem[] = [
  {
    path: 'bundles.1.books.0',
    message: 'book 11 does not exist',
    hint: 'Use the id of a book listed under books: 1, 2, 3.',
    location: { file: 'content.yaml', line: 574, column: 13 },
    frame: '> 574 |     books: [11, 4]\n      |             ^',
  },
  { path: '', message: 'cannot find nope.yaml' },
];

describe('colours', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  test.each([
    ['a TTY', tty, {}, true],
    ['a pipe', pipe, {}, false],
    ['a TTY with NO_COLOR=1', tty, { NO_COLOR: '1' }, false],
    ['a TTY with NO_COLOR set but empty (no-color.org: ignored)', tty, { NO_COLOR: '' }, true],
    ['a TTY with TERM=dumb', tty, { TERM: 'dumb' }, false],
    ['a pipe with FORCE_COLOR=1', pipe, { FORCE_COLOR: '1' }, true],
    ['a pipe with FORCE_COLOR set but empty', pipe, { FORCE_COLOR: '' }, true],
    ['a TTY with FORCE_COLOR=0', tty, { FORCE_COLOR: '0' }, false],
    ['a TTY with FORCE_COLOR=false', tty, { FORCE_COLOR: 'false' }, false],
    ['a pipe with FORCE_COLOR=1 and NO_COLOR=1 (NO_COLOR wins)', pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }, false],
  ])('%s', (_name, stream, env, expected) => {
    expect(colorEnabled(stream, env)).toBe(expected);
    expect(colorsFor(stream, env).red('x')).toBe(expected ? '\u001b[31mx\u001b[39m' : 'x');
  });
});

describe('problemsAsJson', () => {
  test('prints exactly { ok, problems: [{ file, line, column, path, message, hint }] }', () => {
    expect(JSON.parse(problemsAsJson(PROBLEMS))).toStrictEqual({
      ok: false,
      problems: [
        {
          file: 'content.yaml',
          line: 574,
          column: 13,
          path: 'bundles.1.books.0',
          message: 'book 11 does not exist',
          hint: 'Use the id of a book listed under books: 1, 2, 3.',
        },
        { file: null, line: null, column: null, path: '', message: 'cannot find nope.yaml', hint: null },
      ],
    });
  });

  test('no problems: ok', () => {
    expect(problemsAsJson([])).toBe('{\n  "ok": true,\n  "problems": []\n}');
  });
});

describe('problemsAsGithubAnnotations', () => {
  test('one ::error line per problem, with file, line and col when known', () => {
    expect(problemsAsGithubAnnotations(PROBLEMS)).toBe(
      [
        '::error file=content.yaml,line=574,col=13::bundles.1.books.0: book 11 does not exist (Use the id of a book listed under books: 1, 2, 3.)',
        '::error::cannot find nope.yaml',
      ].join('\n'),
    );
  });

  test('escapes what would end the command early: %, newlines, and : or , in properties', () => {
    const text = problemsAsGithubAnnotations([
      { path: 'a', message: '100% sure\nsecond line\r', location: { file: 'dir,with:odd/content.yaml', line: 1, column: 2 } },
    ]);
    expect(text).toBe('::error file=dir%2Cwith%3Aodd/content.yaml,line=1,col=2::a: 100%25 sure%0Asecond line%0D');
  });
});
