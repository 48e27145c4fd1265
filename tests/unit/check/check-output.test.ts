import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { checkOutput, createOutputCheck } from '../../../generator/check/check-output.ts';
import { isPlainPath, resolvePath, urlOfFile } from '../../../generator/check/link-targets.ts';
import { formatProblems, colorsFor } from '../../../generator/problems/report.ts';
import type { OutputFile } from '../../../generator/output/output-file.ts';
import { redirectsFile } from '../../../generator/site-files/hosting-files.ts';
import { parseRedirectsFile } from '../../../generator/site-files/host-rules.ts';

const SITE = 'https://site.example';
const plain = colorsFor(process.stdout, { NO_COLOR: '1' });

/** A minimal valid page: title, description, canonical, and whatever the body holds. */
function page(options: { title: string; canonical: string; body?: string; head?: string; description?: string | null }): string {
  const description = options.description === null ? '' : `<meta name="description" content="${options.description ?? `About ${options.title}`}">`;
  return [
    '<!doctype html><html lang="en"><head>',
    `<title>${options.title}</title>`,
    description,
    `<link rel="canonical" href="${SITE}${options.canonical}">`,
    '<link rel="stylesheet" href="/assets/main.css">',
    '<script type="module" src="/assets/main.js"></script>',
    options.head ?? '',
    '</head><body>',
    options.body ?? '<a href="/">Home</a>',
    '</body></html>',
  ].join('\n');
}

function site(extra: OutputFile[] = []): OutputFile[] {
  return [
    { file: 'index.html', contents: page({ title: 'Home | Site', canonical: '/' }) },
    { file: 'home/index.html', contents: page({ title: 'Home | Site', canonical: '/' }) },
    { file: 'about/index.html', contents: page({ title: 'About | Site', canonical: '/about', body: '<a href="/faq">FAQ</a> <a href="mailto:a@b.example">Mail</a> <a href="tel:+15550100">Call</a> <a href="https://elsewhere.example/x">Out</a> <a href="#main">Skip</a>' }) },
    { file: 'faq/index.html', contents: page({ title: 'FAQ | Site', canonical: '/faq', body: '<a href="/about/">About</a> <a href="/agency-login">Agency</a> <a href="/404.html">Lost</a>' }) },
    { file: '404.html', contents: page({ title: 'Not found | Site', canonical: '/404.html' }) },
    { file: 'assets/main.css', contents: 'body{background:url(/favicon.svg)}' },
    { file: 'assets/main.js', contents: 'console.log(1)' },
    { file: 'favicon.svg', contents: '<svg/>' },
    { file: '_redirects', contents: redirectsFile() },
    { file: 'agency-login/index.html', contents: page({ title: 'Login | Site', canonical: '/login' }) },
    { file: 'login/index.html', contents: page({ title: 'Login | Site', canonical: '/login' }) },
    ...extra,
  ];
}

const replace = (files: OutputFile[], file: string, contents: string) => files.map((item) => (item.file === file ? { file, contents } : item));

describe('checkOutput', () => {
  test('a consistent site has no problems: /home shares the landing page title and canonical; mailto, tel, https and #fragments are not checked', async () => {
    expect(await checkOutput({ files: site(), siteUrl: SITE })).toEqual([]);
  });

  test('a broken internal link names the page, the element, the link and its line', async () => {
    const files = replace(site(), 'about/index.html', page({ title: 'About | Site', canonical: '/about', body: '<p>\n<a href="/abuot">Typo</a></p>' }));
    const problems = await checkOutput({ files, siteUrl: SITE });
    expect(problems).toEqual([
      {
        path: 'out/about/index.html',
        message: '<a href> "/abuot" on line 10 does not resolve to a file in out/',
        hint: 'Fix the link in content.yaml (or site/), or add the page it points to.',
      },
    ]);
    expect(formatProblems(problems, plain)).toBe(
      'out/about/index.html  <a href> "/abuot" on line 10 does not resolve to a file in out/\n  hint: Fix the link in content.yaml (or site/), or add the page it points to.\n\n1 problem',
    );
  });

  test('missing assets, images, scripts, absolute links to the own origin and social images are checked too', async () => {
    const files = replace(
      site(),
      'about/index.html',
      page({
        title: 'About | Site',
        canonical: '/about',
        head: `<meta property="og:image" content="${SITE}/social/about.png?v=1">`,
        body: `<img src="/missing.png" alt=""><script src="/assets/gone.js"></script><a href="${SITE}/nowhere">x</a><link rel="stylesheet" href="style.css">`,
      }),
    );
    const messages = (await checkOutput({ files, siteUrl: SITE, outLabel: 'dist' })).map((problem) => `${problem.path}: ${problem.message}`);
    expect(messages).toEqual([
      'dist/about/index.html: <meta og:image> "https://site.example/social/about.png?v=1" on line 7 does not resolve to a file in dist/',
      'dist/about/index.html: <img src> "/missing.png" on line 9 does not resolve to a file in dist/',
      'dist/about/index.html: <script src> "/assets/gone.js" on line 9 does not resolve to a file in dist/',
      'dist/about/index.html: <a href> "https://site.example/nowhere" on line 9 does not resolve to a file in dist/',
      'dist/about/index.html: <link href> "style.css" on line 9 does not resolve to a file in dist/',
    ]);
  });

  test('javascript: and http: links to the own host are refused; a broken url() in CSS is found', async () => {
    const files = replace(
      replace(site(), 'about/index.html', page({ title: 'About | Site', canonical: '/about', body: '<a href="javascript:alert(1)">x</a><a href="http://site.example/about">y</a>' })),
      'assets/main.css',
      'body{background:url("/img/none.png")}',
    );
    const messages = (await checkOutput({ files, siteUrl: SITE })).map((problem) => `${problem.path}: ${problem.message}`);
    expect(messages).toEqual([
      'out/about/index.html: <a href> "javascript:alert(1)" on line 9 is a javascript: URL',
      'out/about/index.html: <a href> "http://site.example/about" on line 9 uses http:, not https:',
      'out/assets/main.css: url(/img/none.png) does not resolve to a file in out/',
    ]);
  });

  test('a page without title, description or canonical is named', async () => {
    const bare = '<!doctype html><html><head></head><body><a href="/">x</a></body></html>';
    const problems = await checkOutput({ files: site([{ file: 'bare/index.html', contents: bare }]), siteUrl: SITE });
    expect(problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual([
      'out/bare/index.html: has no <title>',
      'out/bare/index.html: has no meta description',
      'out/bare/index.html: has no canonical link',
    ]);
  });

  test('two pages with one title and different canonicals are a problem; a shared canonical is not', async () => {
    const files = site([{ file: 'copy/index.html', contents: page({ title: 'About | Site', canonical: '/copy' }) }]);
    const problems = await checkOutput({ files, siteUrl: SITE });
    expect(problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual(['out/about/index.html: shares its title "About | Site" with out/copy/index.html']);
  });

  test('budgets: JavaScript, CSS and HTML of a first visit, brotli, each named with its size', async () => {
    // Random bytes do not compress: base64 of n random bytes stays about n bytes under brotli.
    const noise = (bytes: number) => randomBytes(bytes).toString('base64');
    const files = replace(replace(site(), 'assets/main.js', `//${noise(120 * 1024)}`), 'assets/main.css', `/*${noise(24 * 1024)}*/`);
    const heavy = page({ title: 'Heavy | Site', canonical: '/heavy', body: `<p>${noise(40 * 1024)}</p>` });
    const problems = await checkOutput({ files: [...files, { file: 'heavy/index.html', contents: heavy }], siteUrl: SITE });
    const heavyProblems = problems.filter((problem) => problem.path === 'out/heavy/index.html').map((problem) => problem.message);
    expect(heavyProblems).toHaveLength(3);
    expect(heavyProblems[0]).toMatch(/^JavaScript of a first visit is \d+\.\d KB \(brotli\), over its budget of 78\.0 KB$/);
    expect(heavyProblems[1]).toMatch(/^CSS of a first visit is \d+\.\d KB \(brotli\), over its budget of 15\.0 KB$/);
    expect(heavyProblems[2]).toMatch(/^HTML of a first visit is \d+\.\d KB \(brotli\), over its budget of 32\.0 KB$/);
    // The light pages share the heavy script and stylesheet: over budget on JS and CSS, not HTML.
    expect(problems.filter((problem) => problem.path === 'out/about/index.html').map((problem) => problem.message.split(' ')[0])).toEqual(['JavaScript', 'CSS']);
    // Budgets can be passed in.
    const relaxed = await checkOutput({ files: [...files, { file: 'heavy/index.html', contents: heavy }], siteUrl: SITE, budgets: { js: 1e9, css: 1e9, html: 1e9 } });
    expect(relaxed).toEqual([]);
  });

  test('a login credential anywhere in the output is found, in plain, HTML-escaped or JSON-escaped form, never printed', async () => {
    const credentials = { username: 'e2e-visitor', password: 'p&ss "word" <3' };
    const files = site([
      { file: 'assets/leak.js', contents: 'const user = "e2e-visitor";' },
      { file: 'leak/index.html', contents: page({ title: 'Leak | Site', canonical: '/leak', body: '<p>p&#38;ss &#34;word&#34; &#60;3</p>' }) },
      { file: 'data.json', contents: JSON.stringify({ password: 'p&ss "word" <3' }) },
      { file: 'image.png', contents: new Uint8Array([0, 1, ...Buffer.from('e2e-visitor'), 2]) },
    ]);
    const problems = await checkOutput({ files, siteUrl: SITE, credentials });
    expect(problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual([
      'out/assets/leak.js: contains the value of SITE_LOGIN_USERNAME in plain text',
      'out/image.png: contains the value of SITE_LOGIN_USERNAME in plain text',
      'out/leak/index.html: contains the value of SITE_LOGIN_PASSWORD in plain text',
      'out/data.json: contains the value of SITE_LOGIN_PASSWORD in plain text',
    ]);
    expect(JSON.stringify(problems)).not.toContain('p&ss');
  });
});

describe('checking a batch at a time (site build)', () => {
  test("a page's links to files of its own batch resolve at once; one to a later batch is remembered and resolved at the end; one to no file is a problem", () => {
    const card = (name: string) => `<meta property="og:image" content="${SITE}/social/${name}.png">`;
    // The site's files as a build's table lists them: each batch joins it before it is checked.
    const site = new Set<string>();
    const check = createOutputCheck({ siteUrl: SITE, files: site, expectedFiles: ['index.html', 'a/index.html', 'b/index.html'] });
    const add = (files: { file: string; contents: string | Uint8Array }[]) => {
      for (const file of files) site.add(file.file);
      check.add(files);
    };
    add([
      { file: 'index.html', contents: page({ title: 'Home | Site', canonical: '/', head: card('home') }) },
      { file: 'social/home.png', contents: new Uint8Array([1]) },
      { file: 'a/index.html', contents: page({ title: 'A | Site', canonical: '/a', head: card('b'), body: '<a href="/b">B</a>' }) },
      { file: 'assets/main.css', contents: 'body{}' },
      { file: 'assets/main.js', contents: '' },
    ]);
    // Its own card and /b (a route still to come) need no record; b's card, in a later batch, does.
    expect(check.pendingLinks).toBe(1);
    add([
      { file: 'b/index.html', contents: page({ title: 'B | Site', canonical: '/b', head: card('missing') }) },
      { file: 'social/b.png', contents: new Uint8Array([1]) },
    ]);
    expect(check.pendingLinks).toBe(2);
    expect(check.finish().map((problem) => `${problem.path}: ${problem.message}`)).toEqual([
      `out/b/index.html: <meta og:image> "${SITE}/social/missing.png" on line 7 does not resolve to a file in out/`,
    ]);
  });
});

describe('resolving a link as a static host does', () => {
  const files = new Set(['index.html', 'about/index.html', 'course/404.html', '404.html', 'x.html', 'assets/a b.js', 'agency-login/index.html', 'login/index.html']);
  const redirects = parseRedirectsFile(redirectsFile());
  test.each([
    ['/', 'index.html'],
    ['/about', 'about/index.html'],
    ['/about/', 'about/index.html'],
    ['/x', 'x.html'],
    ['/x.html', 'x.html'],
    ['/assets/a%20b.js', 'assets/a b.js'],
    ['/404.html', '404.html'],
    ['/agency-login', 'agency-login/index.html'],
  ])('%s → %s', (path, file) => expect(resolvePath(path, files, redirects)).toBe(file));
  test('a redirect rule resolves where no file exists; a 404 rule does not make a link valid', () => {
    expect(resolvePath('/agency-login', new Set(['login/index.html']), redirects)).toBe('login/index.html');
    expect(resolvePath('/course/99', files, redirects)).toBeNull();
    expect(resolvePath('/nope', files, redirects)).toBeNull();
  });
  test('the URL of a file', () => {
    expect(urlOfFile('index.html')).toBe('/');
    expect(urlOfFile('about/index.html')).toBe('/about/');
    expect(urlOfFile('course/404.html')).toBe('/course/404.html');
  });
});

describe('the fast path for plain links', () => {
  test('a path it skips URL parsing for is exactly what URL parsing returns', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~%?#-]{0,8}$/);
    const path = fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`);
    fc.assert(
      fc.property(fc.oneof(path, fc.string()), (value) => {
        if (isPlainPath(value)) expect(new URL(value, `${SITE}/some/page/`).pathname).toBe(value);
      }),
      { numRuns: 5000 },
    );
    for (const value of ['/', '/courses', '/course/12', '/assets/app-1a2b.js']) expect(isPlainPath(value)).toBe(true);
    for (const value of ['//evil.example/x', '/a/../b', '/./x', '/a%2e%2e', '/a?x', '/a#y', '/a//b', 'courses']) expect(isPlainPath(value)).toBe(false);
  });
});
