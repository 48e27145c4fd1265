import { describe, expect, test } from 'vitest';
import { deriveContent } from '../../../generator/content/derive.ts';
import { loadContent } from '../../../generator/content/read-content.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { headMetaFor } from '../../../generator/render/head-meta.ts';
import { jsonForScript } from '../../../generator/render/html.ts';
import { pageInputsOf } from '../../helpers/pages.ts';
import type { SiteData } from '../../../site/model/site-data.ts';
import { scanHtml } from '../../../generator/check/html-scan.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';

const data = deriveContent(validateContent(await loadContent({ file: REAL_CONTENT })));

/** The JSON-LD script element of the page at `path`, as its head carries it. */
function structuredDataScript(site: SiteData, path: string): string | undefined {
  const input = pageInputsOf(site).find((item) => item.route.path === path)!;
  return headMetaFor(input.head, input.route, site.site, { jsonLd: input.jsonLd }).find((line) => line.startsWith('<script type="application/ld+json">'));
}

describe('JSON-LD inside a script element', () => {
  test('<, > and & are \\u escapes, so content cannot close the element or open a comment; the JSON reads back the same', () => {
    const hostile = { name: '</script><script>alert(1)</script><!-- & -->', line: 'a\u2028b' };
    const json = jsonForScript(hostile);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(hostile);
  });

  test('hostile content in a product name stays inside its block', () => {
    const evil = { ...data, books: data.books.map((book, index) => (index === 0 ? { ...book, title: 'Book</script><img src=x onerror=alert(1)><!--' } : book)) };
    const script = structuredDataScript(evil, '/ebooks')!;
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script.endsWith('</script>')).toBe(true);
    const page = scanHtml(`<head>${script}<title>t</title></head>`);
    expect(page.title).toBe('t');
    expect(JSON.parse(script.slice(script.indexOf('>') + 1, -'</script>'.length))['@graph'][0].name).toBe('Book</script><img src=x onerror=alert(1)><!--');
  });

  test('prices are decimal strings of the integer cents, never floats', () => {
    const cheap = { ...data, bundles: data.bundles.map((bundle) => ({ ...bundle, priceCents: 1000 })) };
    const graph = JSON.parse(structuredDataScript(cheap, '/bundles')!.replace(/^<script[^>]*>|<\/script>$/g, ''))['@graph'];
    expect(graph.map((product: { offers: { price: string } }) => product.offers.price)).toEqual(['10.00', '10.00', '10.00', '10.00']);
  });
});
