import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
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
    expect(err).toContain(`content.yaml:${positionOf(source, 'javascript:alert(1)')}  site.discordUrl  must be an https:// link`);
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

  test('a folder named as the content file says so, and what to name instead', async () => {
    const { dir } = contentCopy();
    mkdirSync(path.join(dir, 'drafts'));
    const result = await runSite(['check', '--content', 'drafts'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('drafts is a folder, not a file');
    expect(result.stderr).toContain(`hint: Name the content file itself: --content ${path.join('drafts', 'content.yaml')}, for example.`);
    expect(result.stderr).not.toMatch(/EISDIR|unexpected failure/);
  });

  test('a named pipe as the content file is refused at once, not waited on', async () => {
    const { dir } = contentCopy();
    // Nothing writes to it: reading would wait for good.
    execFileSync('mkfifo', [path.join(dir, 'piped.yaml')]);
    const result = await runSite(['check', '--content', 'piped.yaml'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('piped.yaml is not a file (a named pipe, a socket or a device)\n  hint: Name the content file itself');
  });
});

describe('site build', () => {
  test('a folder it cannot make (a file in its path) is a problem said plainly, not a crash', async () => {
    const { dir } = contentCopy();
    writeFileSync(path.join(dir, 'taken'), 'a file where out/ would go');
    const result = await runSite(['build', '--out', 'taken/out', '--cache-dir', 'cache'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`a part of this path is a file, not a folder (${path.join(dir, 'taken', 'out')})`);
    expect(result.stderr).toMatch(/hint: Move that file out of the way, or choose folders it can write with --out and --cache-dir/);
    expect(result.stderr).not.toMatch(/unexpected failure|\n\s+at /);
  });

  test('with --format json, a problem that is not the content\'s (a file in the way of out/) is one JSON object on stdout too', async () => {
    const { dir } = contentCopy();
    writeFileSync(path.join(dir, 'taken'), 'a file where out/ would go');
    const result = await runSite(['build', '--format', 'json', '--out', 'taken/out', '--cache-dir', 'cache'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      problems: [
        {
          file: null,
          line: null,
          column: null,
          path: '',
          message: `a part of this path is a file, not a folder (${path.join(dir, 'taken', 'out')})`,
          hint: 'Move that file out of the way, or choose folders it can write with --out and --cache-dir.',
        },
      ],
    });
  });

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

  test('a content problem found while the client is still bundled (a new cache) ends the output: no progress line after the problems', async () => {
    const { dir } = contentCopy((text) => text.replace('price: 114.99', 'price: 114.999'));
    const result = await runSite(['build', '--out', 'out', '--cache-dir', 'new-cache'], { cwd: dir });
    expect(result.code).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('1 problem');
    const problemAt = lines.findIndex((line) => line.includes('must have at most two decimal places'));
    expect(problemAt).toBeGreaterThan(0);
    expect(lines.slice(problemAt).filter((line) => line.startsWith('•'))).toEqual([]);
    expect(lines.some((line) => line.startsWith('• bundle'))).toBe(true);
  });

  test('a content.yaml saved as UTF-16 (Windows "Unicode") is told as such, its first line shown readable', async () => {
    const { dir, source } = contentCopy();
    for (const [bom, encode] of [
      [[0xff, 0xfe], (text: string) => Buffer.from(text, 'utf16le')],
      [[0xfe, 0xff], (text: string) => Buffer.from(text, 'utf16le').swap16()],
    ] as const) {
      writeFileSync(path.join(dir, 'content.yaml'), Buffer.concat([Buffer.from(bom), encode(source)]));
      const result = await runSite(['check'], { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('content.yaml:1:1  the file is UTF-16, not UTF-8');
      expect(result.stderr).toContain(source.split('\n')[0]);
      expect(result.stderr).toContain('Save it again with UTF-8 encoding');
    }
  });

  test('a content file too large to be one (the wrong file named) is refused by its size, before it is read', async () => {
    const { dir } = contentCopy();
    // Sparse: 300 MB long, no disk used.
    truncateSync(path.join(dir, 'content.yaml'), 300 * 1024 * 1024);
    const result = await runSite(['check'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content.yaml is 300 MB, more than a content file can be (256 MB)');
    expect(result.stderr).toContain('hint: Check that --content names the right file');
    expect(result.stderr).not.toContain('unexpected failure');
  });

  test('a content.yaml that is not UTF-8 is a problem at its line and column, and out/ stays as it was', async () => {
    const { dir, source } = contentCopy();
    const at = source.indexOf('Young Hustlers Network');
    const bytes = Buffer.from(source, 'utf8');
    const offset = Buffer.byteLength(source.slice(0, at), 'utf8');
    writeFileSync(path.join(dir, 'content.yaml'), Buffer.concat([bytes.subarray(0, offset), Buffer.from([0xff]), bytes.subarray(offset)]));
    const out = path.join(dir, 'out');
    mkdirSync(out);
    writeFileSync(path.join(out, 'index.html'), 'previous build');
    const result = await runSite(['build', '--out', 'out', '--cache-dir', 'cache'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`content.yaml:${positionOf(source, 'Young Hustlers Network')}`);
    expect(result.stderr).toContain('the file is not valid UTF-8');
    expect(result.stderr).not.toMatch(/unexpected failure|\n\s+at /);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous build');
  });

  test('writes every page of the route table and prints a closing summary', async () => {
    const { dir } = contentCopy();
    const result = await runSite(['build', '--cache-dir', 'cache'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^✓ 27 pages: 27 rendered, 27 changed \(\d+ files written, 0 removed\); at most [\d.]+ KB JS and [\d.]+ (KB|B) CSS per page \(br\), in [\d.]+ m?s → out\/\n$/);
    for (const file of [
      'index.html', 'home/index.html', 'login/index.html', 'coming-soon/index.html', 'courses/index.html', 'courses/list/index.html',
      'course/1/index.html', 'course/10/index.html', 'about/index.html', 'faq/index.html', 'contact/index.html', 'ebooks/index.html',
      'bundles/index.html', 'agency/index.html', 'agency/payment/index.html', 'agency/policies/index.html', 'get-started/index.html',
      '404.html', 'course/404.html',
    ])
      expect(existsSync(path.join(dir, 'out', file)), file).toBe(true);
    // Progress names the stages this build ran: --report's measuring is not one of them.
    expect(result.stderr).toMatch(/^• render +\d/m);
    expect(result.stderr).not.toMatch(/^• report/m);
    const again = await runSite(['build', '--cache-dir', 'cache'], { cwd: dir });
    expect(again.stdout).toMatch(/^✓ 27 pages, up to date: nothing rendered or written; /);
  });

  test('an edit: the closing line counts what was rendered and changed, --verbose names the pages and prices', async () => {
    const { dir, file, source } = contentCopy();
    await runSite(['build', '--cache-dir', 'cache'], { cwd: dir });
    writeFileSync(file, source.replace('price: 114.99', 'price: 109.99'));
    const result = await runSite(['build', '--cache-dir', 'cache', '--verbose'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^✓ 27 pages: 1 rendered, 1 changed \(2 files written, 0 removed\); /);
    expect(result.stderr).toContain('rendered:\n  /bundles\n');
    expect(result.stderr).toContain('changed for visitors:\n  /bundles\n');
    expect(result.stderr).toContain(`Complete Bundle: $114.99 → $109.99 (content.yaml:${positionOf(source, 'price: 114.99').split(':')[0]})`);
    expect(result.stderr).toContain('Complete Bundle (savings): $54.91 → $59.91');
  });

  test('an out/ another build (with another cache) swapped in since is not taken for this cache\'s last one: every page counts as changed, never none', async () => {
    const { dir, file, source } = contentCopy();
    const other = path.join(dir, 'other.yaml');
    writeFileSync(other, source.replace('price: 29.99', 'price: 27.99'));
    expect((await runSite(['build', '--cache-dir', 'cache-a'], { cwd: dir })).code).toBe(0);
    expect((await runSite(['build', '--content', other, '--cache-dir', 'cache-b'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(path.join(dir, 'out', 'bundles', 'index.html'), 'utf8')).toContain('$27.99');
    const result = await runSite(['build', '--content', file, '--cache-dir', 'cache-a', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.upToDate).toBe(false);
    expect(json.changed).toHaveLength(27);
    expect(json.written).toContain('bundles/index.html');
    expect(readFileSync(path.join(dir, 'out', 'bundles', 'index.html'), 'utf8')).not.toContain('$27.99');
  });

  test('--format json prints what changed for tools; under GitHub Actions the job summary lists pages and prices', async () => {
    const { dir, file, source } = contentCopy();
    await runSite(['build', '--cache-dir', 'cache'], { cwd: dir });
    writeFileSync(file, source.replace('title: How To Build A Business', 'title: How To Start A Business').replace('price: 29.99', 'price: 27.99'));
    const summary = path.join(dir, 'summary.md');
    const result = await runSite(['build', '--cache-dir', 'cache', '--format', 'json'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ ok: true, upToDate: false, pages: 27, rendered: ['/courses/list', '/bundles', '/course/3'], changed: ['/courses/list', '/bundles', '/course/3'] });
    expect(json.prices).toContainEqual({ label: 'Foundation Bundle', from: '$29.99', to: '$27.99', where: `content.yaml:${positionOf(source, 'price: 29.99').split(':')[0]}` });
    const markdown = readFileSync(summary, 'utf8');
    expect(markdown).toContain('#### 3 pages visitors will see change');
    expect(markdown).toContain('- `/course/3`');
    expect(markdown).toMatch(/\| Foundation Bundle \| \$29\.99 \| \$27\.99 \| `content\.yaml:\d+` \|/);
  });
});

describe('warnings that fail nothing', () => {
  test('a job summary that cannot be written (a path in no folder) is a warning: the build is done, exit 0', async () => {
    const { dir } = contentCopy();
    const summary = path.join(dir, 'no-such-folder', 'summary.md');
    const result = await runSite(['build', '--cache-dir', 'cache'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`warning: the job summary could not be written to ${summary} (ENOENT); out/ is built`);
    expect(readFileSync(path.join(dir, 'out', 'index.html'), 'utf8')).toContain('<!doctype html>');
  });

  test('with one of the login pair set and the other not (a CI secret missing), the warning names the one missing', async () => {
    const { dir } = contentCopy();
    const result = await runSite(['build', '--cache-dir', 'cache'], { cwd: dir, env: { SITE_LOGIN_USERNAME: 'maintainer', SITE_LOGIN_PASSWORD: '' } });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: SITE_LOGIN_PASSWORD is not set (SITE_LOGIN_USERNAME is): the login page will refuse every attempt.');
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

  // An empty --cache-dir (an unset variable in a script) would be the working folder.
  test('an empty file or folder option is a usage error: exit 2, nothing read or written', async () => {
    const { dir } = contentCopy();
    for (const args of [['build', '--cache-dir', ''], ['build', '--out', ''], ['check', '--content', ''], ['serve', '--out', ''], ['schema', '--out', '']]) {
      const result = await runSite(args, { cwd: dir });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^error: option '.*' argument '' is invalid\. must name a file or folder, not be empty\.\n/);
    }
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
  });

  test('a file or folder option given the next option instead (the value forgotten) is a usage error: no folder named after the option', async () => {
    const { dir } = contentCopy();
    const result = await runSite(['build', '--out', '--no-cache', '--cache-dir', 'cache'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: option '-o, --out <dir>' argument '--no-cache' is invalid\. is an option, not a file or folder: name one first \(a folder whose name starts with -- is written \.\/--no-cache\)\.\n/);
    expect(existsSync(path.join(dir, '--no-cache'))).toBe(false);
    expect(existsSync(path.join(dir, 'cache'))).toBe(false);
  });
});
