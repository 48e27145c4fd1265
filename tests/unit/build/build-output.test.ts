import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../../generator/build/build.ts';
import type { BuildResult } from '../../../generator/build/build-result.ts';
import { headersForPath, parseHeadersFile, parseRedirectsFile } from '../../../generator/site-files/host-rules.ts';
import { scanHtml } from '../../../generator/check/html-scan.ts';
import { decodeEntities } from '../../../generator/check/html-tokens.ts';
import { IMMUTABLE_CACHE, SECURITY_HEADERS } from '../../../generator/site-files/hosting-files.ts';
import { BUDGETS, measurePage, measurePages } from '../../../generator/check/page-sizes.ts';
import { readRecord } from '../../../generator/cache/build-record.ts';
import { loadSharp } from '../../../generator/images/image-library.ts';
import { cardTextFor } from '../../../generator/cards/page-cards.ts';
import { cardSvg } from '../../../generator/cards/social-cards.ts';
import { collectRoutes, type RouteRecord } from '../../../generator/plan/routes.ts';
import { deriveContent } from '../../../generator/content/derive.ts';
import { loadContent } from '../../../generator/content/read-content.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
import { hashTree, listFiles, pngSize } from '../../helpers/output.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * The real content.yaml built once (cold card cache), then checked file by file: head
 * metadata, social cards, JSON-LD, sitemap, hosting files, sizes, and reproducibility.
 */

const dir = tempDir('site-output-');
const outDir = path.join(dir, 'out');
const env = { SITE_LOGIN_USERNAME: 'unit-visitor', SITE_LOGIN_PASSWORD: 'unit password 42' };
let result: BuildResult;
/** The pages of the real content, as the build collects them. */
const data = deriveContent(validateContent(await loadContent({ file: REAL_CONTENT })));
const routes: RouteRecord[] = collectRoutes({ data });
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
/** Every file the build wrote, as the in-memory list the size measurement takes. */
const filesOnDisk = () => listFiles(outDir).map((file) => ({ file, contents: readFileSync(path.join(outDir, file)) }));

beforeAll(async () => {
  result = await build({ contentFile: REAL_CONTENT, outDir, env, cacheDir: path.join(dir, 'cache-a') });
}, 120_000);

/** The head of a page as name → content (meta) and rel → href (link). */
function head(html: string) {
  const metas = new Map<string, string>();
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) metas.set(match[1]!, decodeEntities(match[2]!));
  const links = new Map<string, string>();
  for (const match of html.matchAll(/<link rel="([^"]+)" href="([^"]*)"/g)) links.set(match[1]!, decodeEntities(match[2]!));
  return { metas, links };
}

describe('head metadata on every page', () => {
  test('title, description, canonical, Open Graph, Twitter card, icons and manifest, escaped', () => {
    const url = 'https://younghustlers.example';
    for (const route of routes) {
      const html = read(route.file);
      const { metas, links } = head(html);
      const page = scanHtml(html);
      expect(page.title, route.file).toBe(route.title);
      expect(page.description, route.file).toBe(route.description);
      expect(page.canonical, route.file).toBe(`${url}${route.canonical}`);
      expect(metas.get('og:title'), route.file).toBe(route.title);
      expect(metas.get('og:description'), route.file).toBe(route.description);
      expect(metas.get('og:url'), route.file).toBe(`${url}${route.canonical}`);
      expect(metas.get('og:type')).toBe('website');
      expect(metas.get('og:site_name')).toMatch(/^(Young Hustlers Network|Hustler Analytics)$/);
      expect(metas.get('og:image'), route.file).toMatch(/^https:\/\/younghustlers\.example\/social\/[a-z0-9-]+\.png\?v=[0-9a-f]{10}$/);
      expect([metas.get('og:image:width'), metas.get('og:image:height')]).toEqual(['1200', '630']);
      expect(metas.get('og:image:alt')).toBeTruthy();
      expect(metas.get('twitter:card')).toBe('summary_large_image');
      expect(metas.get('twitter:image')).toBe(metas.get('og:image'));
      expect(metas.get('theme-color')).toBe('#7c3aed');
      expect(links.get('manifest')).toBe('/site.webmanifest');
      expect(links.get('apple-touch-icon')).toBe('/apple-touch-icon.png');
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
      expect(html).toContain('<link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32">');
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(metas.get('robots'), route.file).toBe(route.file.endsWith('404.html') ? 'noindex' : undefined);
    }
    // An ampersand in a title is escaped in every attribute.
    expect(read('agency/payment/index.html')).toContain('<meta property="og:title" content="Pricing &#38; Payment | Hustler Analytics">');
  });

  test('/home is the landing page with its canonical at /, and the same card', () => {
    const home = head(read('home/index.html'));
    const root = head(read('index.html'));
    expect(home.links.get('canonical')).toBe('https://younghustlers.example/');
    expect(home.metas.get('og:image')).toBe(root.metas.get('og:image'));
    expect(home.metas.get('og:url')).toBe('https://younghustlers.example/');
  });

  test('the web manifest and the icons rendered from the SVG favicon', () => {
    const manifest = JSON.parse(read('site.webmanifest'));
    expect(manifest).toMatchObject({ name: 'Young Hustlers Network', short_name: 'Young Hustlers', start_url: '/', display: 'standalone', theme_color: '#7c3aed', background_color: '#ffffff' });
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const bytes = readFileSync(path.join(outDir, icon.src));
      if (icon.type === 'image/png') expect(`${pngSize(bytes).width}x${pngSize(bytes).height}`).toBe(icon.sizes);
    }
    expect(pngSize(readFileSync(path.join(outDir, 'favicon-32.png')))).toEqual({ width: 32, height: 32 });
    expect(pngSize(readFileSync(path.join(outDir, 'apple-touch-icon.png')))).toEqual({ width: 180, height: 180 });
  });
});

describe('social cards', () => {
  test('one 1200×630 PNG per canonical page, named by slug, and every og:image points to one', () => {
    const cards = listFiles(path.join(outDir, 'social'));
    expect(cards).toContain('home.png');
    expect(cards).toContain('agency-payment.png');
    expect(cards).toContain('course-10.png');
    expect(cards).not.toContain('404.png');
    for (const card of cards) expect(pngSize(readFileSync(path.join(outDir, 'social', card)))).toEqual({ width: 1200, height: 630 });
    for (const route of routes) {
      const image = head(read(route.file)).metas.get('og:image')!;
      expect(cards, route.file).toContain(new URL(image).pathname.slice('/social/'.length));
    }
  });

  test("every card's text stays inside the card (measured by the renderer, not estimated)", async () => {
    const sharp = await loadSharp();
    for (const route of routes.filter((item) => item.canonical === item.path)) {
      const svg = cardSvg(cardTextFor(data, route), '#7c3aed');
      const texts = [...svg.matchAll(/<text [^>]*>[^<]*<\/text>/g)].map((match) => match[0]);
      expect(texts.length, route.path).toBeGreaterThanOrEqual(3);
      for (const text of texts) {
        const alone = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">${text}</svg>`;
        // The text's inked box: the transparent margin trimmed off, as the renderer drew it.
        const { info } = await sharp(Buffer.from(alone)).trim().png().toBuffer({ resolveWithObject: true });
        const box = { x: -(info.trimOffsetLeft ?? 0), y: -(info.trimOffsetTop ?? 0), width: info.width, height: info.height };
        expect(box.width, `${route.path}: ${text}`).toBeLessThan(1200);
        expect(box.x, text).toBeGreaterThanOrEqual(79);
        expect(box.x + box.width, text).toBeLessThanOrEqual(1120);
        expect(box.y + box.height, text).toBeLessThanOrEqual(616);
      }
    }
  }, 60_000);
});

describe("the store's drawn covers", () => {
  test('each book without a designed cover is shown from its own SVG file: its number, title and topic, drawn once for every visit', async () => {
    const store = read('ebooks/index.html');
    const shown = [...store.matchAll(/<img class="book-cover__svg" src="([^"]+)" alt="" width="200" height="280" loading="lazy"/g)].map((match) => match[1]);
    expect(shown).toEqual(data.books.map((book) => `/ebooks/covers/${book.id}.svg`));
    // The drawing is in the file, not in the page.
    expect(store).not.toContain('<linearGradient');
    const sharp = await loadSharp();
    for (const book of data.books) {
      const svg = read(`ebooks/covers/${book.id}.svg`);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 200 280" width="200" height="280"/);
      expect(svg).toContain(`>${String(book.id).padStart(2, '0')}</text>`);
      expect(svg).toContain(`>${book.topic.toUpperCase()}</text>`);
      expect(svg).toContain(`>${data.site.name}</text>`);
      // Every word of the title, on lines of its own.
      const lines = [...svg.matchAll(/font-size="21"[^>]*>([^<]*)</g)].map((match) => match[1]);
      expect(lines.join(' '), book.title).toBe(book.title);
      // A picture a browser can draw: the renderer reads it at its own size.
      const { width, height } = await sharp(Buffer.from(svg)).metadata();
      expect([width, height]).toEqual([200, 280]);
    }
  });
});

describe('structured data', () => {
  const jsonLd = (file: string) => {
    const blocks = [...read(file).matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    expect(blocks.length, file).toBeLessThanOrEqual(1);
    return blocks[0] as Record<string, unknown> | undefined;
  };

  test('Organization for the community on / and /about, for the agency on its pages', () => {
    for (const file of ['index.html', 'about/index.html']) expect(jsonLd(file)).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Young Hustlers Network' });
    for (const file of ['agency/index.html', 'agency/payment/index.html', 'agency/policies/index.html', 'get-started/index.html'])
      expect(jsonLd(file)).toMatchObject({ '@type': 'Organization', name: 'Hustler Analytics', telephone: '+15550104477' });
  });

  test('an ItemList of ten Courses on /courses/list, a Course on each course page', () => {
    const list = jsonLd('courses/list/index.html') as { itemListElement: { position: number; item: { '@type': string; url: string } }[] };
    expect(list.itemListElement).toHaveLength(10);
    expect(list.itemListElement.map((entry) => entry.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(list.itemListElement[0]!.item).toMatchObject({ '@type': 'Course', name: 'Mindset', url: 'https://younghustlers.example/course/1', timeRequired: 'PT40M' });
    expect(jsonLd('course/8/index.html')).toMatchObject({ '@type': 'Course', name: 'Investing', provider: { name: 'Young Hustlers Network' } });
  });

  test('Products with Offers whose prices are the rendered prices, in USD, to the checkout links', () => {
    const products = (file: string) => (jsonLd(file) as { '@graph': { name: string; offers: { price: string; priceCurrency: string; url: string } }[] })['@graph'];
    const books = products('ebooks/index.html');
    expect(books).toHaveLength(10);
    const ebooks = read('ebooks/index.html');
    for (const book of books) {
      expect(book.offers.priceCurrency).toBe('USD');
      expect(book.offers.price).toBe('16.99');
      expect(book.offers.url).toMatch(/^https:\/\/checkout\.example\.com\//);
      expect(ebooks).toContain(`href="${book.offers.url}"`);
    }
    const bundles = products('bundles/index.html');
    expect(bundles.map((bundle) => [bundle.name, bundle.offers.price])).toEqual([
      ['Foundation Bundle', '29.99'],
      ['Growth Bundle', '34.99'],
      ['Wealth Bundle', '29.99'],
      ['Complete Bundle', '114.99'],
    ]);
    const page = read('bundles/index.html');
    for (const bundle of bundles) expect(page).toContain(`$${bundle.offers.price}`);
  });

  test('pages without a fitting type carry no block', () => {
    for (const file of ['login/index.html', '404.html', 'course/404.html', 'faq/index.html', 'contact/index.html']) expect(jsonLd(file), file).toBeUndefined();
  });
});

describe('sitemap.xml and robots.txt', () => {
  test('every indexable page at its canonical URL; /login, /home, /coming-soon and 404 pages left out', () => {
    const locs = [...read('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locs).toContain('https://younghustlers.example/');
    expect(locs).toContain('https://younghustlers.example/course/10');
    expect(locs).toHaveLength(22);
    for (const path of ['/login', '/home', '/coming-soon', '/404', '/404.html', '/course/404.html', '/agency-login']) expect(locs).not.toContain(`https://younghustlers.example${path}`);
    expect(read('robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://younghustlers.example/sitemap.xml\n');
  });
});

describe('hosting files', () => {
  const rules = () => parseHeadersFile(read('_headers'));
  const csp = () => Object.fromEntries(headersForPath(rules(), '/')['Content-Security-Policy']!.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

  test('the CSP has no unsafe-inline or unsafe-eval and forbids framing, plugins and foreign bases', () => {
    const policy = headersForPath(rules(), '/')['Content-Security-Policy']!;
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
    expect(csp()).toMatchObject({ 'default-src': ["'self'"], 'script-src': ["'self'"], 'style-src': ["'self'"], 'object-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'self'"] });
  });

  test('the CSP allows what the pages load, and the pages load nothing it would refuse', () => {
    const policy = csp();
    const allows = (directive: string, url: URL) => {
      const sources = policy[directive] ?? policy['default-src']!;
      return sources.includes("'self'") && url.origin === 'https://younghustlers.example';
    };
    const directiveFor = (tag: string, rel: string) =>
      tag === 'script' || rel === 'modulepreload' ? 'script-src' : rel === 'stylesheet' ? 'style-src' : rel === 'manifest' ? 'manifest-src' : tag === 'img' || rel.includes('icon') ? 'img-src' : null;
    for (const file of listFiles(outDir).filter((name) => name.endsWith('.html'))) {
      const html = read(file);
      for (const reference of scanHtml(html).references) {
        const directive = directiveFor(reference.tag, reference.rel);
        if (directive) expect(allows(directive, new URL(reference.value, 'https://younghustlers.example/')), `${file}: ${reference.value}`).toBe(true);
      }
      // What 'unsafe-inline' would be needed for: inline scripts (JSON-LD and the page's data are data blocks), style elements or attributes, event handlers.
      for (const match of html.matchAll(/<script\b([^>]*)>/g)) expect(match[1], file).toMatch(/\bsrc="|type="application\/(ld\+)?json"/);
      expect(html, file).not.toMatch(/<style[\s>]|\sstyle="|\son[a-z]+="|javascript:/i);
    }
    for (const file of listFiles(outDir).filter((name) => name.endsWith('.css'))) {
      const css = read(file);
      for (const match of css.matchAll(/url\(\s*["']?([^"')]+)/g)) {
        const url = new URL(match[1]!, `https://younghustlers.example/${file}`);
        expect(url.protocol === 'data:' ? false : allows('img-src', url) && allows('font-src', url), `${file}: ${match[1]}`).toBe(true);
      }
      expect(css, file).not.toMatch(/@import\s+url\(\s*["']?https?:/);
    }
  });

  test('every response gets the security headers; assets and cards are immutable, pages and their data keep the default (revalidate)', () => {
    const all = rules();
    for (const url of ['/', '/about', '/about/', '/assets/x.js', '/social/home.png', '/nope', '/course/404.html', '/agency-login/']) {
      const headers = headersForPath(all, url);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], `${url} ${name}`).toBe(value);
    }
    expect(headersForPath(all, '/assets/main-ABC.js')['Cache-Control']).toBe(IMMUTABLE_CACHE);
    expect(headersForPath(all, '/social/home.png')['Cache-Control']).toBe(IMMUTABLE_CACHE);
    for (const route of routes) {
      const urls = route.file === 'index.html' ? ['/'] : route.file.endsWith('/index.html') ? [route.path, `${route.path}/`] : [`/${route.file}`];
      // Pages and their data keep the host's default, which revalidates (see serve-headers.test.ts).
      for (const url of [...urls, ...(route.file.endsWith('index.html') ? [`${route.path === '/' ? '' : route.path}/index.json`] : [])]) expect(headersForPath(all, url)['Cache-Control'], url).toBeUndefined();
    }
    expect(headersForPath(all, '/nope')['Cache-Control']).toBeUndefined();
  });

  test('templates/nginx.conf sends the very same security headers', () => {
    const conf = readFileSync(path.resolve(import.meta.dirname, '../../../templates/nginx.conf'), 'utf8');
    const sent = Object.fromEntries([...conf.matchAll(/^\s*add_header\s+(\S+)\s+"([^"]*)"\s+always;/gm)].map((match) => [match[1]!, match[2]!]));
    expect(sent).toEqual(SECURITY_HEADERS);
    expect(conf).toContain('~^/assets/  "public, max-age=31536000, immutable";');
    expect(conf).toContain('default     "public, max-age=0, must-revalidate";');
  });

  test('_redirects: /agency-login to /login (301), unknown courses to the course not-found page (404)', () => {
    expect(parseRedirectsFile(read('_redirects'))).toEqual([
      { from: '/agency-login', to: '/login', status: 301 },
      { from: '/agency-login/', to: '/login', status: 301 },
      { from: '/course/*', to: '/course/404.html', status: 404 },
    ]);
  });

  test('agency-login/index.html: a meta refresh to /login, a visible link, canonical /login, no script', () => {
    const html = read('agency-login/index.html');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/login">');
    expect(html).toContain('<link rel="canonical" href="https://younghustlers.example/login">');
    expect(html).toMatch(/<a href="\/login">[^<]+<\/a>/);
    expect(html).not.toContain('<script');
    expect(read('404.html')).toContain('<meta name="robots" content="noindex">');
  });
});

describe('sizes', () => {
  test('the client bundle is code only: no course, book, price or page text of content.yaml is in it, so its names change only with the code', () => {
    const bundle = listFiles(outDir).filter((file) => file.startsWith('assets/') && file.endsWith('.js'));
    expect(bundle.length).toBeGreaterThan(5);
    const code = bundle.map((file) => read(file)).join('\n');
    const words = [data.courses[3]!.title, data.courses[3]!.description, data.books[2]!.title, data.pages.faq.intro, data.pages.about.heading, data.bundles[0]!.priceText, data.site.tagline];
    for (const text of words) expect(code, text).not.toContain(text);
    expect(result.downloads.js).toBeGreaterThan(0);
  });

  test('every page but the not-found pages has its data beside it (index.json), the very data its HTML carries', () => {
    for (const route of routes) {
      // No link leads to a not-found page: it has no data of its own to fetch.
      if (route.file.endsWith('404.html')) continue;
      const json = route.file.replace(/index\.html$/, 'index.json');
      const carried = JSON.parse(/<script type="application\/json" id="site-data">([^<]*)<\/script>/.exec(read(route.file))![1]!);
      expect(JSON.parse(read(json)), json).toEqual(carried.route);
      expect(carried.route.title).toBe(route.title);
    }
  });

  test("--report's sizes: each page's first-visit JavaScript is what the page references, and its HTML is measured exactly", async () => {
    const exact = await measurePages({ files: filesOnDisk() });
    expect(existsSync(path.join(outDir, 'data'))).toBe(false);
    // A build not asked for the report lists no page's size: each was checked and let go.
    expect(result.sizes).toEqual([]);
    const reported = await build({ contentFile: REAL_CONTENT, outDir: path.join(dir, 'out-report'), env, cacheDir: path.join(dir, 'cache-report'), exactSizes: true });
    expect(reported.sizes.length).toBe(routes.length + 1);
    for (const size of exact) {
      const fromBuild = reported.sizes.find((item) => item.file === size.file)!;
      expect(fromBuild, size.file).toBeDefined();
      expect(fromBuild.js, size.file).toEqual(size.js);
      expect(fromBuild.css, size.file).toEqual(size.css);
      expect(fromBuild.html, size.file).toEqual(size.html);
      expect(fromBuild.exact, size.file).toBe(true);
    }
  }, 120_000);

  test("the build's own size of a page's HTML skips compression only where no budget is near, and then only overestimates", () => {
    const exact = new Map(filesOnDisk().filter(({ file }) => file.endsWith('.html')).map(({ file, contents }) => [file, measurePage({ file, html: contents.toString('utf8'), css: { raw: 0, brotli: 0 }, js: { raw: 0, brotli: 0 } }).html]));
    const recorded = readRecord(path.join(dir, 'cache-a'))!.pages;
    let estimated = 0;
    for (const route of routes) {
      const html = exact.get(route.file)!;
      const { html: fromBuild, exact: measured } = recorded[route.path]!;
      expect(fromBuild.raw, route.file).toBe(html.raw);
      if (measured) expect(fromBuild.brotli, route.file).toBe(html.brotli);
      else expect(fromBuild.brotli, route.file).toBeGreaterThanOrEqual(html.brotli);
      if (html.raw + 64 <= BUDGETS.html) expect(fromBuild.brotli, route.file).toBe(html.raw);
      if (!measured) estimated += 1;
    }
    expect(estimated).toBeGreaterThan(0);
  });
});

describe('reproducible', () => {
  test('a build with a cold cache, one from nothing (--no-cache) and one that takes every page from a warm cache give byte-identical out/ folders', async () => {
    const cold = await build({ contentFile: REAL_CONTENT, outDir: path.join(dir, 'out-b'), env, cacheDir: path.join(dir, 'cache-b') });
    const fresh = await build({ contentFile: REAL_CONTENT, outDir: path.join(dir, 'out-c'), env, cacheDir: path.join(dir, 'cache-c'), noCache: true });
    const warm = await build({ contentFile: REAL_CONTENT, outDir: path.join(dir, 'out-d'), env, cacheDir: path.join(dir, 'cache-a') });
    const first = hashTree(outDir);
    expect(Object.keys(first).length).toBeGreaterThan(100);
    for (const other of ['out-b', 'out-c', 'out-d']) expect(hashTree(path.join(dir, other)), other).toEqual(first);
    expect([cold.changes.rendered.length, fresh.changes.rendered.length]).toEqual([routes.length, routes.length]);
    // The warm cache held every page: none rendered, all written.
    expect(warm.changes.rendered).toEqual([]);
    expect(warm.changes.pages.length).toBe(routes.length);
  }, 120_000);
});
