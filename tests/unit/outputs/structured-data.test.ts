import { describe, expect, test } from 'vitest';
import { deriveContent } from '../../../generator/content/derive.ts';
import { loadContent } from '../../../generator/content/read-content.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { collectRoutes } from '../../../generator/content/collect-routes.ts';
import { jsonForScript, structuredDataScript } from '../../../generator/outputs/structured-data.ts';
import { scanHtml } from '../../../generator/pipeline/html-scan.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';

const data = deriveContent(validateContent(await loadContent({ file: REAL_CONTENT })));

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
    const route = collectRoutes({ data: evil }).find((item) => item.path === '/ebooks')!;
    const script = structuredDataScript(evil, route)!;
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script.endsWith('</script>')).toBe(true);
    const page = scanHtml(`<head>${script}<title>t</title></head>`);
    expect(page.title).toBe('t');
    expect(JSON.parse(script.slice(script.indexOf('>') + 1, -'</script>'.length))['@graph'][0].name).toBe('Book</script><img src=x onerror=alert(1)><!--');
  });

  test('prices are decimal strings of the integer cents, never floats', () => {
    const cheap = { ...data, bundles: data.bundles.map((bundle) => ({ ...bundle, priceCents: 1000 })) };
    const route = collectRoutes({ data: cheap }).find((item) => item.path === '/bundles')!;
    const graph = JSON.parse(structuredDataScript(cheap, route)!.replace(/^<script[^>]*>|<\/script>$/g, ''))['@graph'];
    expect(graph.map((product: { offers: { price: string } }) => product.offers.price)).toEqual(['10.00', '10.00', '10.00', '10.00']);
  });
});
