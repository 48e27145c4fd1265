import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { beforeAll, expect, test } from 'vitest';
import { build } from '../../../generator/build/build.ts';
import { scanHtml, URL_ATTRIBUTES, URL_META, type ScannedPage } from '../../../generator/check/html-scan.ts';
import { contentCopy } from '../../helpers/cli.ts';
import { listFiles } from '../../helpers/output.ts';
// @ts-expect-error: a plain JavaScript module of the benchmark scripts
import { syntheticContent } from '../../../scripts/synthetic-content.js';
import { REAL_CONTENT } from '../../helpers/content.ts';

/*
 * The output check reads pages with a scanner of its own (html-scan.ts), kept over a
 * general parser because it is several times faster on large sites (generator/check/
 * README.md). Here htmlparser2, a well-kept HTML parser, reads every page of a real build
 * and of a site with 120 courses, and must find exactly what the scanner finds.
 */

/** What html-scan.ts finds, found by htmlparser2. */
function parsedWith(html: string): ScannedPage {
  const page: ScannedPage = { title: null, description: null, canonical: null, references: [] };
  const lineAt = (index: number) => html.slice(0, index).split('\n').length;
  let noscript = 0;
  let inTitle = false;
  let title = '';
  const parser: Parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'noscript') noscript += 1;
        if (name === 'title') inTitle = true;
        const line = lineAt(parser.startIndex);
        const rel = (attributes.rel ?? '').toLowerCase();
        for (const attribute of URL_ATTRIBUTES[name] ?? []) {
          const value = attributes[attribute];
          if (value === undefined) continue;
          const urls = attribute === 'srcset' ? value.split(',').flatMap((candidate) => candidate.trim().split(/\s+/)[0] || []) : [value];
          for (const url of urls) page.references.push({ tag: name, attribute, value: url, rel, line, inNoscript: noscript > 0 });
        }
        if (name === 'meta') {
          const key = attributes.property ?? attributes.name ?? '';
          if (key === 'description') page.description = attributes.content ?? null;
          if (URL_META.has(key)) page.references.push({ tag: 'meta', attribute: key, value: attributes.content ?? '', rel: '', line, inNoscript: false });
        }
        if (name === 'link' && rel.split(/\s+/).includes('canonical')) page.canonical = attributes.href || null;
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'noscript') noscript = Math.max(0, noscript - 1);
        if (name === 'title') {
          inTitle = false;
          page.title = title.trim();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return page;
}

const sites: { label: string; outDir: string }[] = [];

beforeAll(async () => {
  for (const [label, courses] of [['the real content', 0], ['120 courses', 120]] as const) {
    const copy = contentCopy(courses ? () => syntheticContent(REAL_CONTENT, courses) : undefined);
    const outDir = path.join(copy.dir, 'out');
    await build({ contentFile: copy.file, outDir, cacheDir: path.join(copy.dir, 'cache'), env: {}, budgets: { js: Infinity, css: Infinity, html: Infinity } });
    sites.push({ label, outDir });
  }
}, 120_000);

test('on every page of two built sites, the scanner finds what htmlparser2 finds: title, description, canonical link, every URL with its line', () => {
  let pages = 0;
  let references = 0;
  for (const { label, outDir } of sites) {
    for (const file of listFiles(outDir).filter((name) => name.endsWith('.html'))) {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      const scanned = scanHtml(html);
      expect(scanned, `${label}: ${file}`).toEqual(parsedWith(html));
      references += scanned.references.length;
      pages += 1;
    }
  }
  expect(pages).toBeGreaterThan(150);
  expect(references).toBeGreaterThan(20 * pages);
});
