import { URL_ATTRIBUTES, URL_META, type ScannedPage } from '../../generator/check/html-scan.ts';
import { decodeEntities } from '../../generator/check/html-tokens.ts';

/*
 * The output scan as a grammar of regular expressions: the definition the hand-written
 * scanner in generator/html-scan.ts must agree with (it replaced this one for speed).
 */

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(/([^\s=/"'<>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g))
    attributes.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  return attributes;
}

const READ_ATTRIBUTES = new Set([...Object.keys(URL_ATTRIBUTES), 'meta']);
const RAW_TEXT_END: Readonly<Record<string, RegExp>> = { title: /<\/title/gi, script: /<\/script/gi, style: /<\/style/gi, textarea: /<\/textarea/gi };

/** Scans one HTML document by regular expressions. */
export function scanHtmlByRegex(html: string): ScannedPage {
  const page: ScannedPage = { title: null, description: null, canonical: null, references: [] };
  // One character at a time ([^>"'] where the scanner it replaced had [^>"']+): the same
  // language, without the nested quantifier that backtracks exponentially on a tag that never ends.
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?-->/g;
  let line = 1;
  let noscript = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    if (!match[2]) continue;
    line = html.slice(0, match.index).split('\n').length;
    const name = match[2].toLowerCase();
    if (match[1]) {
      if (name === 'noscript') noscript = Math.max(0, noscript - 1);
      continue;
    }
    if (name === 'noscript') noscript += 1;
    const end = RAW_TEXT_END[name];
    if (!READ_ATTRIBUTES.has(name) && !end) continue;
    const attributes = attributesOf(match[3] ?? '');
    const rel = (attributes.get('rel') ?? '').toLowerCase();
    for (const attribute of URL_ATTRIBUTES[name] ?? []) {
      const value = attributes.get(attribute);
      if (value !== undefined) page.references.push({ tag: name, attribute, value, rel, line, inNoscript: noscript > 0 });
    }
    if (name === 'meta') {
      const key = attributes.get('property') ?? attributes.get('name') ?? '';
      if (key === 'description') page.description = attributes.get('content') ?? null;
      if (URL_META.has(key)) page.references.push({ tag: 'meta', attribute: key, value: attributes.get('content') ?? '', rel: '', line, inNoscript: false });
    }
    if (name === 'link' && rel.split(/\s+/).includes('canonical')) page.canonical = attributes.get('href') || null;
    if (end) {
      end.lastIndex = tag.lastIndex;
      const stop = end.exec(html)?.index ?? html.length;
      if (name === 'title') page.title = decodeEntities(html.slice(tag.lastIndex, stop)).trim();
      tag.lastIndex = stop;
    }
  }
  return page;
}
