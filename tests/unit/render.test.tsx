import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { loadContent } from '../../generator/content/read-content.ts';
import { parseYaml } from '../../generator/content/parse-yaml.ts';
import { validateContent } from '../../generator/content/validate.ts';
import { deriveContent } from '../../generator/content/derive.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { App } from '../../site/app.tsx';
import { PAGES } from '../../site/pages/index.ts';
import { Link, NavLink, ServerLinks } from '../../site/components/ui/link.tsx';
import { collectRoutes } from '../../generator/content/collect-routes.ts';
import { REAL_CONTENT } from '../helpers/content.ts';
// @ts-expect-error: a plain JavaScript module of the benchmark scripts
import { syntheticContent } from '../../scripts/synthetic-content.js';

const data = deriveContent(validateContent(await loadContent({ file: REAL_CONTENT })));

function render(path: string, siteData: SiteData = data): string {
  return renderToStaticMarkup(
    <StaticRouter location={path}>
      <App data={siteData} pages={PAGES} />
    </StaticRouter>,
  );
}

describe('rendering with StaticRouter', () => {
  test('the layout follows the path: none on /login, agency chrome on /agency* and /get-started, main elsewhere', () => {
    expect(render('/login')).not.toMatch(/<header class="site-header|<footer/);
    for (const path of ['/agency', '/agency/payment', '/agency/policies', '/get-started']) {
      const html = render(path);
      expect(html).toContain('site-header--agency');
      expect(html).toContain(`href="${data.agency.phone.href}"`);
    }
    for (const path of ['/', '/courses', '/faq', '/coming-soon']) {
      const html = render(path);
      expect(html).toMatch(/<header class="site-header"/);
      expect(html).not.toContain('site-header--agency');
    }
  });

  test('every page has exactly one h1', () => {
    for (const path of Object.keys(data.titles).filter((item) => item !== '/404')) expect(render(path).match(/<h1[ >]/g), path).toHaveLength(1);
  });

  test('bundles show price, struck original price and savings from the derived data', () => {
    const html = render('/bundles');
    expect(html).toContain('$114.99');
    expect(html).toContain('<s>$169.90</s>');
    expect(html).toContain('$54.91');
  });

  test('course list: Open Course goes to the video, or to /course/{id} without one', () => {
    const html = render('/courses/list');
    for (const course of data.courses) expect(html).toContain(`href="${course.href}"`);
    expect(html.match(/<li class="course-card"/g)).toHaveLength(10);
  });

  test('every link that opens a new tab has rel="noopener noreferrer"', () => {
    for (const path of Object.keys(data.titles)) {
      const html = render(path);
      for (const anchor of html.match(/<a [^>]*target="_blank"[^>]*>/g) ?? []) expect(anchor, path).toContain('rel="noopener noreferrer"');
    }
  });

  test('text from content.yaml is escaped, never raw HTML', () => {
    const hostile: SiteData = {
      ...data,
      pages: { ...data.pages, faq: { ...data.pages.faq, heading: '<script>alert("x")</script>', intro: '"><img src=x onerror=alert(1)>' } },
    };
    const html = render('/faq', hostile);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  test('an unknown course id shows Course not found with a Return to courses link', () => {
    const html = render('/course/99');
    expect(html).toContain('Course not found');
    expect(html).toMatch(/<a[^>]*href="\/courses"[^>]*>.*Return to courses/);
  });
});

describe('generated book covers', () => {
  test('titles break into short lines without a dangling short word', async () => {
    const { coverLines } = await import('../../site/components/book-cover.tsx');
    expect(coverLines('Speak Like a Hustler')).toEqual(['Speak Like', 'a Hustler']);
    expect(coverLines('Millionaire at 15')).toEqual(['Millionaire', 'at 15']);
    expect(coverLines('Boss Moves')).toEqual(['Boss Moves']);
  });
});

describe('the server renders one branch of the route table', () => {
  // The build renders each page with only the row its path matches (App's `only`), so
  // React Router need not rank the whole table thousands of times. Any row picked wrongly
  // would show a different page than the browser's full table does, and break hydration.
  const source = syntheticContent(REAL_CONTENT, 120) as string;
  const large = deriveContent(validateContent({ file: 'content.yaml', displayName: 'content.yaml', source, data: parseYaml(source, 'content.yaml') }));
  const both = (siteData: SiteData, path: string) =>
    [true, false].map((one) =>
      renderToString(
        <StaticRouter location={path}>
          <App data={siteData} pages={PAGES} only={one ? path : undefined} />
        </StaticRouter>,
      ),
    );

  test('every route of a 120-course site, and paths the table matches loosely or not at all, render exactly as with the full table', () => {
    const odd = ['/courses/list/1', '/courses/list/4', '/courses/list/02', '/course/999', '/course/1/extra', '/About', '/courses/', '/agency/payment/', '/nope', '/404'];
    const paths = [...collectRoutes({ data: large }).map((route) => route.path), ...odd];
    expect(paths.length).toBeGreaterThan(140);
    for (const path of paths) {
      const [one, full] = both(large, path);
      expect(one, path).toBe(full);
    }
    // Not vacuous: the pages differ from one another.
    expect(both(large, '/course/2')[0]).not.toBe(both(large, '/course/3')[0]);
    expect(both(large, '/courses/list/4')[0]).toContain('<h1');
  });
});

describe('links drawn plainly on the server', () => {
  // The server draws a link as the <a> React Router's Link would (components/ui/link.tsx),
  // without its hooks. Any difference would be a hydration mismatch in the browser, which
  // always uses React Router's.
  const source = syntheticContent(REAL_CONTENT, 120) as string;
  const large = deriveContent(validateContent({ file: 'content.yaml', displayName: 'content.yaml', source, data: parseYaml(source, 'content.yaml') }));
  const bothWays = (element: () => ReactElement) => [renderToString(<ServerLinks>{element()}</ServerLinks>), renderToString(element())];

  test("every route of the real and a 120-course site, and odd spellings, render exactly as with React Router's links", () => {
    const odd = ['/About', '/COURSES', '/courses/', '/agency/payment/', '/Agency', '/courses/list/02', '/nope'];
    let links = 0;
    for (const siteData of [data, large]) {
      for (const path of [...collectRoutes({ data: siteData }).map((route) => route.path), ...odd]) {
        const [plain, router] = bothWays(() => (
          <StaticRouter location={path}>
            <App data={siteData} pages={PAGES} />
          </StaticRouter>
        ));
        expect(plain, path).toBe(router);
        links += plain!.split('data-discover="true"').length - 1;
      }
    }
    // Not vacuous: thousands of links, the current page's marked in its navigation.
    expect(links).toBeGreaterThan(2000);
    expect(bothWays(() => <StaticRouter location="/About"><App data={data} pages={PAGES} /></StaticRouter>)[0]).toMatch(/<a aria-current="page" class="site-nav__link active" href="\/about" data-discover="true">/);
  });

  test('props only React Router knows, and paths it would resolve, are left to React Router', () => {
    const cases: [string, () => ReactElement][] = [
      ['relative', () => <Link to="faq">FAQ</Link>],
      ['dot segments', () => <Link to="/courses/../faq">FAQ</Link>],
      ['query and fragment', () => <Link to="/faq?x=1#top">FAQ</Link>],
      ['an object', () => <Link to={{ pathname: '/faq', search: '?x=1' }}>FAQ</Link>],
      ['target', () => <Link to="/faq" target="_self">FAQ</Link>],
      ['reloadDocument', () => <Link to="/faq" reloadDocument>FAQ</Link>],
      ['rel and aria', () => <Link to="/courses/list/2" rel="next" aria-label="Page 2" className="step">Next</Link>],
      ['NavLink end', () => <NavLink to="/agency" end className="nav">Agency</NavLink>],
      ['NavLink below', () => <NavLink to="/agency" className="nav">Agency</NavLink>],
      ['NavLink class function', () => <NavLink to="/agency" className={({ isActive }) => (isActive ? 'on' : 'off')}>Agency</NavLink>],
      ['NavLink case-sensitive', () => <NavLink to="/Agency/payment" caseSensitive>Pay</NavLink>],
      ['NavLink aria-current', () => <NavLink to="/agency/payment" aria-current="location">Pay</NavLink>],
    ];
    for (const [name, link] of cases) {
      const [plain, router] = bothWays(() => <StaticRouter location="/agency/payment">{link()}</StaticRouter>);
      expect(plain, name).toBe(router);
      expect(plain, name).toMatch(/^<a /);
    }
  });
});
