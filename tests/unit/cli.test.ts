import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { contentCopy, positionOf, runSite } from '../helpers/cli.ts';

describe('site check', () => {
  test("the README's example is what site check prints for that edit today", async () => {
    const readme = readFileSync(path.join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const shown = /Problems point into the file, all at once:\n\n```\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(shown).toBeDefined();
    const { dir } = contentCopy((text) => text.replace('    books: [4, 6, 5, 7]', '    books: [11, 4, 6, 5, 7]'));
    const result = await runSite(['check'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${shown}\n`);
  });

  test('the real content.yaml is valid: exit 0', async () => {
    const result = await runSite(['check']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/content\.yaml is valid: 10 courses, 10 books, 4 bundles, 3 plans/);
  });

  test('a broken copy lists every problem at its line and column, then exits 1', async () => {
    const { dir, source } = contentCopy((text) =>
      text
        // a missing field: the third book loses its topic
        .replace(/(\n  - id: 3\n    title: Boss Moves\n)    topic: [^\n]*\n/, '$1')
        // a bundle naming book 11
        .replace(/(\n  - id: growth\n(?:    [^\n]*\n)*?    books: \[)/, '$111, ')
        // a javascript: link
        .replace('discordUrl: https://discord.gg/example-invite', 'discordUrl: javascript:alert(1)')
        // a wrong original price
        .replace(/(\n  - id: foundation\n)/, '$1    originalPrice: 60.00\n'),
    );
    const result = await runSite(['check', '--content', 'content.yaml'], { cwd: dir });
    expect(result.code).toBe(1);
    const err = result.stderr;
    expect(err).toContain(`content.yaml:${positionOf(source, 'id: 3\n    title: Boss Moves')}  books.2.topic  topic is missing`);
    expect(err).toContain(`content.yaml:${positionOf(source, '11, ', 'id: growth')}  bundles.1.books.0  book 11 does not exist`);
    expect(err).toContain(`content.yaml:${positionOf(source, 'javascript:alert(1)')}  site.discordUrl  must be an https://, mailto: or tel: link`);
    expect(err).toContain(
      `content.yaml:${positionOf(source, '60.00')}  bundles.0.originalPrice  originalPrice is $60.00 but the books in this bundle add up to $50.97`,
    );
    expect(err).toMatch(/\n4 problems\n$/);
    expect(err).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/); // no stack trace
  });

  test('bad YAML is reported at its position, exit 1', async () => {
    const { dir, source } = contentCopy((text) => text.replace('tagline: Build your future', 'tagline: "Build your future'));
    const result = await runSite(['check'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`content.yaml:${positionOf(source, '"Build your future')}  missing closing "quote`);
  });

  test('a missing file says so and how to fix it', async () => {
    const result = await runSite(['check', '--content', 'nope.yaml']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cannot find nope.yaml');
    expect(result.stderr).toContain('--content FILE');
  });
});

describe('site build', () => {
  test('a failed build leaves the previous out/ untouched', async () => {
    const { dir } = contentCopy((text) => text.replace('price: 114.99', 'price: 114.999'));
    const out = path.join(dir, 'out');
    mkdirSync(out);
    writeFileSync(path.join(out, 'index.html'), 'previous build');
    const result = await runSite(['build', '--out', 'out'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('must have at most two decimal places');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous build');
  });

  test('writes every page of the route table and prints a closing summary', async () => {
    const { dir } = contentCopy();
    const result = await runSite(['build'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/✓ 27 pages, at most [\d.]+ KB JS and [\d.]+ (KB|B) CSS per page \(br\) in [\d.]+ m?s → out\//);
    for (const file of [
      'index.html', 'home/index.html', 'login/index.html', 'coming-soon/index.html', 'courses/index.html', 'courses/list/index.html',
      'course/1/index.html', 'course/10/index.html', 'about/index.html', 'faq/index.html', 'contact/index.html', 'ebooks/index.html',
      'bundles/index.html', 'agency/index.html', 'agency/payment/index.html', 'agency/policies/index.html', 'get-started/index.html',
      '404.html', 'course/404.html',
    ])
      expect(existsSync(path.join(dir, 'out', file)), file).toBe(true);
  });
});

describe('usage', () => {
  test('--version and --help exit 0', async () => {
    const version = await runSite(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    const help = await runSite(['build', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--content <file>');
  });

  test('help for a command that does not exist says so: exit 2', async () => {
    const result = await runSite(['help', 'biuld']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: unknown command 'biuld'\n(run \"site --help\" for usage)\n");
    expect(result.stdout).toBe('');
    expect((await runSite(['help', 'build'])).stdout).toContain('--content <file>');
  });

  test('an unknown option is a usage error: exit 2', async () => {
    const result = await runSite(['build', '--outt', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--outt'");
    expect(result.stderr).toContain('--out');
  });
});
