import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { scanHtml } from '../../../generator/check/html-scan.ts';
import { scanHtmlByRegex } from '../../helpers/html-scan-reference.ts';

describe('scanHtml', () => {
  test('finds the head metadata and every URL with its line, in noscript or not', () => {
    const html = [
      '<!doctype html>',
      '<html lang="en"><head><title> Pricing &amp; Payment | Site </title>',
      '<meta name="description" content="What it costs &#38; how to pay">',
      '<meta property="og:image" content="https://site.example/social/a.png?v=1">',
      '<link rel="Canonical" href="https://site.example/pay">',
      '<noscript><link rel="stylesheet" href="/assets/noscript.css"></noscript>',
      '<script type="module" src="/assets/main.js"></script>',
      '</head><body><a href="/courses" class="x">Courses</a><IMG SRC=/logo.png alt=""></body></html>',
    ].join('\n');
    expect(scanHtml(html)).toEqual({
      title: 'Pricing & Payment | Site',
      description: 'What it costs & how to pay',
      canonical: 'https://site.example/pay',
      references: [
        { tag: 'meta', attribute: 'og:image', value: 'https://site.example/social/a.png?v=1', rel: '', line: 4, inNoscript: false },
        { tag: 'link', attribute: 'href', value: 'https://site.example/pay', rel: 'canonical', line: 5, inNoscript: false },
        { tag: 'link', attribute: 'href', value: '/assets/noscript.css', rel: 'stylesheet', line: 6, inNoscript: true },
        { tag: 'script', attribute: 'src', value: '/assets/main.js', rel: '', line: 7, inNoscript: false },
        { tag: 'a', attribute: 'href', value: '/courses', rel: '', line: 8, inNoscript: false },
        { tag: 'img', attribute: 'src', value: '/logo.png', rel: '', line: 8, inNoscript: false },
      ],
    });
  });

  test('markup inside comments, scripts and attribute values is not read; a > inside quotes does not end a tag', () => {
    const html = [
      '<!-- <a href="/commented-out"> -->',
      '<script type="application/ld+json">{"url":"<a href=\\"/in-json\\">"}</script>',
      '<a title="1 > 0" href=\'/quoted\'>x</a>',
      '<textarea><a href="/in-textarea"></textarea>',
      '<a data-x="<a href=/in-attribute>" href="/real">y</a>',
    ].join('\n');
    expect(scanHtml(html).references.map((reference) => reference.value)).toEqual(['/quoted', '/real']);
  });

  test('a tag whose quote never closes is text; the last of a repeated attribute counts', () => {
    expect(scanHtml('<a href="/open>x</a> <a href="/one" href="/two">').references.map((reference) => reference.value)).toEqual(['/two']);
    expect(scanHtml('<title>Cut off').title).toBe('Cut off');
  });

  test('agrees with the regular grammar it replaced on arbitrary markup', () => {
    const oneOf = (...values: string[]) => fc.constantFrom(...values);
    const space = oneOf('', ' ', '  ', '\n', '\t', '\u00a0', '\u2028');
    const text = oneOf('', 'x', '/p', 'https://site.example/y', 'a b', '&amp;', '&#x3c;', '&bogus;', '`', '=', '<', '>', '/', 'canonical', 'stylesheet modulepreload', 'description', 'og:image');
    const attributeName = oneOf('href', 'HREF', 'src', 'poster', 'action', 'rel', 'Rel', 'property', 'name', 'content', 'data-href', 'hreff', 'x', '"', "'", '/', '=');
    const value = fc.oneof(
      fc.tuple(text, text).map(([a, b]) => `"${a}${b}"`),
      fc.tuple(text, text).map(([a, b]) => `'${a}${b}'`),
      text,
      fc.tuple(oneOf('"', "'"), text).map(([quote, rest]) => `${quote}${rest}`),
    );
    const attribute = fc.tuple(space, attributeName, space, oneOf('', '=', '= '), value).map((parts) => parts.join(''));
    const tagName = oneOf('a', 'A', 'link', 'LINK', 'meta', 'script', 'title', 'TiTlE', 'noscript', 'style', 'textarea', 'div', 'img', 'form', 'video', 'x-1', '1a', '');
    const tag = fc.tuple(oneOf('<', '</'), tagName, fc.array(attribute, { maxLength: 5 }), space, oneOf('>', '/>', '', '"', "'>")).map(([open, name, attributes, gap, close]) => `${open}${name}${attributes.join('')}${gap}${close}`);
    const noise = oneOf('<', '>', '</', '<!--', '-->', '<!doctype html>', '"', "'", '\n', 'text');
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 4, arbitrary: tag }, { weight: 1, arbitrary: noise }, { weight: 1, arbitrary: text }), { maxLength: 40 }), (pieces) => {
        const html = pieces.join('');
        expect(scanHtml(html)).toEqual(scanHtmlByRegex(html));
      }),
      { numRuns: 5000 },
    );
  });
});
