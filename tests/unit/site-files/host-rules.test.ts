import { describe, expect, test } from 'vitest';
import { headersForPath, parseHeadersFile, parseRedirectsFile, patternToRegExp, redirectForPath } from '../../../generator/site-files/host-rules.ts';

describe('_headers', () => {
  const rules = parseHeadersFile(['# comment', '/*', '  X-Frame-Options: DENY', '  Link: </a>; rel=preload', '', '/assets/*', '  Cache-Control: immutable', '/about', '  X-Page: about', '/*', '  X-Frame-Options: SAMEORIGIN'].join('\n'));

  test('parses URL patterns and indented headers; values keep their colons', () => {
    expect(rules).toEqual([
      { pattern: '/*', headers: [['X-Frame-Options', 'DENY'], ['Link', '</a>; rel=preload']] },
      { pattern: '/assets/*', headers: [['Cache-Control', 'immutable']] },
      { pattern: '/about', headers: [['X-Page', 'about']] },
      { pattern: '/*', headers: [['X-Frame-Options', 'SAMEORIGIN']] },
    ]);
  });

  test('every matching rule applies; one header from several rules is joined with commas, as hosts do', () => {
    expect(headersForPath(rules, '/assets/a.js')).toEqual({ 'X-Frame-Options': 'DENY, SAMEORIGIN', Link: '</a>; rel=preload', 'Cache-Control': 'immutable' });
    expect(headersForPath(rules, '/about')).toMatchObject({ 'X-Page': 'about' });
    expect(headersForPath(rules, '/about/')).not.toHaveProperty('X-Page');
  });

  test('a header line outside a rule is an error with its line', () => {
    expect(() => parseHeadersFile('  X-A: b')).toThrow('_headers line 1');
  });

  test('patterns: * spans segments, :name one segment, the rest is literal', () => {
    expect(patternToRegExp('/course/*').test('/course/1/x')).toBe(true);
    expect(patternToRegExp('/course/:id').test('/course/1')).toBe(true);
    expect(patternToRegExp('/course/:id').test('/course/1/x')).toBe(false);
    expect(patternToRegExp('/a.b').test('/aXb')).toBe(false);
  });
});

describe('_redirects', () => {
  test('from, to and status (301 by default); the first match wins', () => {
    const rules = parseRedirectsFile('# c\n/old /new\n/course/* /course/404.html 404\n');
    expect(rules).toEqual([
      { from: '/old', to: '/new', status: 301 },
      { from: '/course/*', to: '/course/404.html', status: 404 },
    ]);
    expect(redirectForPath(rules, '/course/99')?.status).toBe(404);
    expect(redirectForPath(rules, '/else')).toBeNull();
  });
});
