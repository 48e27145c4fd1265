import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from '../../../generator/build/build.ts';
import { OutputProblemError } from '../../../generator/problems/errors.ts';
import { problemsAsGithubAnnotations } from '../../../generator/problems/report.ts';
import { brotliSize } from '../../../generator/check/brotli-size.ts';
import { recoverInterruptedWrite } from '../../../generator/output/beside-out.ts';
import { OUTPUT_TOP_LEVEL } from '../../../generator/output/replaceable-output.ts';
import { contentCopy, ROOT, runSite } from '../../helpers/cli.ts';
import { CAN_FREEZE, CAN_MOUNT, freeze, mountBind, mountRamDisk, thaw, unmount } from '../../helpers/file-systems.ts';
import { hashTree } from '../../helpers/output.ts';

/*
 * `site build` refuses to ship a broken site, and whatever stops it (a content error, a
 * failed output check, SIGKILL at any stage) leaves the previous out/ as it was.
 */

const LOGIN = { SITE_LOGIN_USERNAME: 'cli-visitor', SITE_LOGIN_PASSWORD: 'cli password 7' };
const work = contentCopy();
const outDir = path.join(work.dir, 'out');
let previous: Record<string, string>;

beforeAll(async () => {
  await build({ contentFile: work.file, outDir, env: LOGIN });
  previous = hashTree(outDir);
}, 120_000);
afterAll(() => rmSync(work.dir, { recursive: true, force: true }));

/** A copy of content.yaml beside out/, edited; the build runs from that folder. */
function edited(edit: (source: string) => string): string {
  const copy = contentCopy(edit);
  return copy.file;
}

describe('site build checks its output before replacing out/', () => {
  test('a broken internal link fails the build before a page renders, told at its line in content.yaml (the output check is the net for links of site/); out/ is untouched', async () => {
    const content = edited((source) => {
      const changed = source.replace('loginHref: /agency-login', 'loginHref: /agency-logn');
      expect(changed).not.toBe(source);
      return changed;
    });
    const result = await runSite(['build', '--content', content, '--out', 'out'], { cwd: work.dir, env: LOGIN });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^\S*content\.yaml:\d+:16 {2}pages\.comingSoon\.loginHref {2}\/agency-logn is not a page of this site$/m);
    expect(result.stderr).toMatch(/\n1 problem\n$/);
    expect(result.stderr).not.toMatch(/• render/);
    expect(hashTree(outDir)).toEqual(previous);
  }, 120_000);

  test('JavaScript over its budget fails the build, at every page that loads it; out/ is untouched', async () => {
    // What a first visit downloads of the client is measured once, and checked at every page.
    const failure = await build({ contentFile: work.file, outDir, env: LOGIN, budgets: { js: 40 * 1024, css: 15 * 1024, html: 32 * 1024 } }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(OutputProblemError);
    const problems = (failure as OutputProblemError).problems;
    // Every page but the agency's login form, which loads no script.
    const scripted = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html') && readFileSync(path.join(outDir, file), 'utf8').includes('<script type="module"'));
    expect(scripted.length).toBeGreaterThan(20);
    expect(problems.map((problem) => problem.path).sort()).toEqual(scripted.map((file) => path.join(outDir, file)).sort());
    for (const problem of problems) expect(problem.message).toMatch(/^JavaScript of a first visit is \d+\.\d KB \(brotli\), over its budget of 40\.0 KB$/);
    expect(hashTree(outDir)).toEqual(previous);
  }, 120_000);

  test('a page over its HTML budget names the longest text of content.yaml it shows, located', async () => {
    // Text that does not compress: what a pasted document would be.
    const pasted = randomBytes(48 * 1024).toString('base64');
    const content = edited((source) => source.replace('    description: Build the mindset', `    description: "${pasted} Build the mindset`).replace('like a pro.\n', 'like a pro."\n'));
    const failure = await build({ contentFile: content, outDir, env: LOGIN }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(OutputProblemError);
    const html = (failure as OutputProblemError).problems.filter((problem) => problem.message.startsWith('HTML of a first visit'));
    expect(html.map((problem) => path.relative(outDir, problem.path))).toContain(path.join('course', '1', 'index.html'));
    const line = readFileSync(content, 'utf8').split('\n').findIndex((text) => text.includes(pasted)) + 1;
    for (const problem of html) {
      expect(problem.hint).toMatch(/The longest text of content\.yaml it shows is courses\.0\.description \(64\.\d KB\), where this problem points\.$/);
      // Its place is the text's: a pull request shows the annotation on that line.
      expect(problem.location).toMatchObject({ line, column: 18 });
      expect(problemsAsGithubAnnotations([problem])).toMatch(new RegExp(`^::error file=\\S*content\\.yaml,line=${line},col=18::`));
    }
    expect(hashTree(outDir)).toEqual(previous);
  }, 120_000);

  test('a login credential that shows up in the pages fails the build without printing it', async () => {
    // A username that is also the founder's name: it appears in the rendered copy.
    const result = await runSite(['build', '--content', work.file, '--out', 'out'], { cwd: work.dir, env: { ...LOGIN, SITE_LOGIN_USERNAME: 'Marcus Hale' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^out\/about\/index\.html {2}contains the value of SITE_LOGIN_USERNAME in plain text$/m);
    // The value is ordinary text of the site: the fix is another credential.
    expect(result.stderr).toContain('If the value is ordinary text of the site (a word its pages use), choose another');
    expect(result.stderr).not.toContain('Marcus Hale');
    expect(hashTree(outDir)).toEqual(previous);
  }, 120_000);

  test('credentials too short to be secret are refused before any work, in one problem that says the minimum', async () => {
    const result = await runSite(['build', '--content', work.file, '--out', 'out', '--verbose'], { cwd: work.dir, env: { SITE_LOGIN_USERNAME: 'u', SITE_LOGIN_PASSWORD: 'p' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'SITE_LOGIN_USERNAME is 1 character long and SITE_LOGIN_PASSWORD is 1 character long: login credentials must be at least 8 characters\n' +
        'hint: The build refuses any file that holds a credential in plain text, and one this short is found in ordinary text. Set both to 8 characters or more, or unset both variables to build with the login turned off.\n',
    );
    // Not a stage was run: the content was not even read.
    expect(result.stderr).not.toMatch(/• load/);
    expect(hashTree(outDir)).toEqual(previous);
    const one = await runSite(['build', '--content', work.file, '--out', 'out'], { cwd: work.dir, env: { ...LOGIN, SITE_LOGIN_PASSWORD: 'short' } });
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(/^SITE_LOGIN_PASSWORD is 5 characters long: login credentials must be at least 8 characters\nhint: .* Set it to 8 characters or more/);
  }, 120_000);

  test('a build whose cache lock another build took over (it was stopped, Ctrl+Z) stops before out/: that build\'s site stands', async () => {
    const content = edited((source) => source.replace(/(\n {2}name: )(.*)/, '$1$2 Stopped'));
    const cacheDir = path.join(work.dir, 'stopped-cache');
    // As the build renders, the other build takes the lock over: it now names that build.
    const takeOver = (stage: { name: string }) => {
      if (stage.name === 'render') writeFileSync(path.join(cacheDir, 'lock'), JSON.stringify({ host: os.hostname(), pid: process.pid + 1 }));
    };
    await expect(build({ contentFile: content, outDir, cacheDir, env: LOGIN, onStage: takeOver })).rejects.toMatchObject({
      message: 'another build took over the build cache while this one was stopped, so out/ is left as that build makes it',
    });
    expect(hashTree(outDir)).toEqual(previous);
  });

  test('a content error stops before anything is written', async () => {
    const content = edited((source) => source.replace('themeColor: "#7c3aed"', 'themeColor: purple'));
    const result = await runSite(['build', '--content', content, '--out', 'out'], { cwd: work.dir, env: LOGIN });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('site.themeColor');
    expect(hashTree(outDir)).toEqual(previous);
  }, 60_000);

  test('--report prints a table of every page: HTML, CSS, JS and total, raw and brotli, and its images', async () => {
    const result = await runSite(['build', '--content', work.file, '--out', 'out', '--report'], { cwd: work.dir, env: LOGIN });
    expect(result.code).toBe(0);
    // Nothing changed since the last build: no page renders, and each is measured from its file, exactly.
    expect(result.stderr).toMatch(/^• render +\d+ ms 0 of 27 pages$/m);
    const about = new RegExp(`^out/about/index\\.html +[\\d.]+ +${(brotliSize(readFileSync(path.join(outDir, 'about', 'index.html'))) / 1024).toFixed(1).replace('.', '\\.')} `, 'm');
    expect(result.stdout).toMatch(about);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^page +HTML +HTML br +CSS +CSS br +JS +JS br +total +total br +images +largest$/);
    expect(result.stdout).toMatch(/^out\/about\/index\.html +(\d+\.\d +){9}\d+\.\d$/m);
    expect(result.stdout).toMatch(/^out\/agency-login\/index\.html +/m);
    const pages = lines.filter((line) => /^out\/\S+\.html /.test(line)).map((line) => line.split(' ')[0]!);
    expect(pages).toHaveLength(28);
    expect(pages, 'in the order of their files').toEqual([...pages].sort((a, b) => a.localeCompare(b)));
    expect(result.stdout).toContain('Budgets per first visit (br): JavaScript 78.0, CSS 15.0, HTML 32.0.');
    // Same input, same bytes; and the next plain build has nothing to render either.
    expect(hashTree(outDir)).toEqual(previous);
    const after = await runSite(['build', '--content', work.file, '--out', 'out'], { cwd: work.dir, env: LOGIN });
    expect(after.stderr).toMatch(/^• render +\d+ ms 0 of 27 pages$/m);
  }, 120_000);
});

describe('a build killed with SIGKILL', () => {
  // Each run changes a title, so a finished build would differ from the previous out/.
  for (const stage of ['bundle', 'render', 'check']) {
    test(`after the ${stage} stage leaves out/ either as it was or complete, never half-written`, async () => {
      const content = edited((source) => source.replace('title: About Us', `title: About Us (${stage})`));
      const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'site.js'), 'build', '--content', content, '--out', 'out'], {
        cwd: work.dir,
        env: { ...process.env, ...LOGIN, NO_COLOR: '1' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk;
        if (stderr.includes(`• ${stage}`)) child.kill('SIGKILL');
      });
      await new Promise((resolve) => child.once('exit', resolve));
      await recoverInterruptedWrite(outDir);
      const now = hashTree(outDir);
      // Killed after bundling, long before the swap (cards and pages are still to come):
      // exactly the previous build. After the render and check stages the swap is tens of
      // milliseconds away and may come first on a busy machine (it did once in .ci/run):
      // then the new build must be complete, below.
      if (stage === 'bundle') expect(child.signalCode).toBe('SIGKILL');
      if (stage === 'bundle' && child.signalCode === 'SIGKILL') expect(now).toEqual(previous);
      // No half-written folder stays beside out/ (the spare is the builds' own, and checked before use).
      expect(readdirSync(work.dir).filter((name) => name.startsWith('.out-') && name !== '.out-spare')).toEqual([]);
      if (JSON.stringify(now) !== JSON.stringify(previous)) {
        // It finished (or was killed after the swap): the new build, whole, file for file as
        // the same content builds undisturbed (its scripts' names change with the title).
        // Then the previous one is put back.
        const reference = path.join(work.dir, `reference-${stage}`);
        await build({ contentFile: content, outDir: reference, env: LOGIN });
        expect(now).toEqual(hashTree(reference));
        expect(readFileSync(path.join(outDir, 'about', 'index.html'), 'utf8')).toContain(`About Us (${stage})`);
        rmSync(reference, { recursive: true, force: true });
        await build({ contentFile: work.file, outDir, env: LOGIN });
        expect(hashTree(outDir)).toEqual(previous);
      }
    }, 120_000);
  }
});

describe('a build interrupted (Ctrl+C, a cancelled CI job)', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    test(`by ${signal} ends by that signal: out/ as it was, the cache's lock let go, the folder it put the site together in kept as the spare`, async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'site-interrupted-'));
      const out = path.join(dir, 'out');
      const cacheDir = path.join(dir, 'cache');
      try {
        // out/ and a spare beside it, which --no-cache takes as its staging folder at once.
        await build({ contentFile: work.file, outDir: out, cacheDir, env: LOGIN });
        await build({ contentFile: work.file, outDir: out, cacheDir, env: LOGIN, noCache: true });
        const before = hashTree(out);
        const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'site.js'), 'build', '--content', work.file, '--out', out, '--cache-dir', cacheDir, '--no-cache'], {
          env: { ...process.env, ...LOGIN, NO_COLOR: '1' },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk;
          // The content read, esbuild still bundling: long before the swap.
          if (stderr.includes('• load')) child.kill(signal);
        });
        await new Promise((resolve) => child.once('exit', resolve));
        expect(child.signalCode).toBe(signal);
        expect(hashTree(out)).toEqual(before);
        expect(readdirSync(dir).sort()).toEqual(['.out-spare', 'cache', 'out']);
        expect(readdirSync(cacheDir)).not.toContain('lock');
        const next = await runSite(['build', '--content', work.file, '--out', out, '--cache-dir', cacheDir], { env: LOGIN });
        expect(next.code).toBe(0);
        expect(next.stderr).not.toContain('took over the lock');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});

describe('site build only replaces a folder it wrote', () => {
  test('a folder of other files, a file, the working folder and a link are refused (exit 2) and left as they were; an empty or new folder is fine', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'site-out-guard-'));
    try {
      mkdirSync(path.join(dir, 'precious'));
      writeFileSync(path.join(dir, 'precious', 'thesis.txt'), 'keep');
      writeFileSync(path.join(dir, 'notes.md'), 'keep');
      symlinkSync(path.join(dir, 'precious'), path.join(dir, 'linked'));
      const cases: [string, RegExp][] = [
        ['precious', /--out precious holds files site build did not write \(thesis\.txt\); it only replaces a folder it wrote/],
        ['notes.md', /--out notes\.md is a file, not a folder/],
        ['.', /is the folder you are in or one above it/],
        ['..', /is the folder you are in or one above it/],
        ['linked', /--out linked is a symbolic link/],
      ];
      for (const [out, message] of cases) {
        const result = await runSite(['build', '--content', work.file, '--out', out], { cwd: dir, env: LOGIN });
        expect(result.code, out).toBe(2);
        expect(result.stderr, out).toMatch(message);
        expect(result.stderr, out).toMatch(/hint: Give --out (a new or empty folder, or one an earlier `site build` wrote|the real folder)\./);
        expect(result.stderr, out).not.toMatch(/\n\s+at /);
      }
      expect(readFileSync(path.join(dir, 'precious', 'thesis.txt'), 'utf8')).toBe('keep');
      expect(readFileSync(path.join(dir, 'notes.md'), 'utf8')).toBe('keep');
      expect(lstatSync(path.join(dir, 'linked')).isSymbolicLink()).toBe(true);
      expect(readdirSync(dir).sort()).toEqual(['linked', 'notes.md', 'precious']);
      mkdirSync(path.join(dir, 'empty'));
      for (const out of ['empty', 'new/deeper']) expect((await runSite(['build', '--content', work.file, '--out', out, '--quiet'], { cwd: dir, env: LOGIN })).code, out).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  // A container's volume, or a RAM disk, as out/.
  test.skipIf(!CAN_MOUNT)('a mount point as out/ is refused before any work (a bind mount on the same disk, at the swap), in plain words; what it holds stays', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'site-out-mount-'));
    const own = path.join(dir, 'own');
    const bound = path.join(dir, 'bound');
    mkdirSync(own);
    mkdirSync(bound);
    mkdirSync(path.join(dir, 'shared'));
    mountRamDisk(own);
    mountBind(path.join(dir, 'shared'), bound);
    try {
      for (const out of [own, bound]) writeFileSync(path.join(out, 'index.html'), 'keep');
      const refused = await runSite(['build', '--content', work.file, '--out', 'own'], { cwd: dir, env: LOGIN });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--out own is a mount point (a file system of its own); site build replaces its output folder by renaming it, which a mount point does not allow\nhint: Mount the folder above it instead, or give --out a folder inside the mount.');
      expect(refused.stderr).not.toContain('• render');
      // The same disk: seen only when the swap renames it; out/ is left as it was.
      const swapped = await runSite(['build', '--content', work.file, '--out', 'bound'], { cwd: dir, env: LOGIN });
      expect(swapped.code).toBe(1);
      expect(swapped.stderr).toContain(`${bound} is a mount point, or in use, so the build could not rename it\nhint: site build replaces out/ by renaming it`);
      expect(swapped.stderr).not.toContain('unexpected failure');
      for (const out of [own, bound]) expect(readdirSync(out), out).toEqual(['index.html']);
      for (const out of [own, bound]) expect(readFileSync(path.join(out, 'index.html'), 'utf8'), out).toBe('keep');
    } finally {
      for (const out of [own, bound]) unmount(out);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  // A web server's folder the maintainer owns, in a folder they may not write in (/var/www/html).
  test.skipIf(!CAN_FREEZE)('out/ in a folder the build may not write in is refused before any work, saying why the folder above matters', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'site-out-above-'));
    const www = path.join(dir, 'www');
    mkdirSync(path.join(www, 'html'), { recursive: true });
    writeFileSync(path.join(www, 'html', 'index.html'), 'keep');
    freeze(www);
    try {
      const result = await runSite(['build', '--content', work.file, '--out', 'www/html', '--cache-dir', 'cache'], { cwd: dir, env: LOGIN });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('--out www/html: the build puts the new site together beside it and swaps it in, but this user may not write in www (EPERM)\nhint: Give this user write access to the folder above the output folder');
      expect(result.stderr).not.toContain('• load');
      expect(readdirSync(www)).toEqual(['html']);
      expect(readFileSync(path.join(www, 'html', 'index.html'), 'utf8')).toBe('keep');
    } finally {
      thaw(www);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // After the swap, the build keeps its pages in the cache: a cache that refuses them (a
  // full disk, a folder it may not write) costs a later build time, and fails nothing.
  test.skipIf(!CAN_FREEZE)('a cache that cannot keep the pages of a build already swapped in is a warning: exit 0, out/ the new site', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'site-store-refused-'));
    const cache = path.join(dir, 'cache');
    const first = await runSite(['build', '--content', work.file, '--out', 'out', '--cache-dir', cache], { cwd: dir, env: LOGIN });
    expect(first.code).toBe(0);
    const store = path.join(cache, 'store');
    const frozen = [store, ...readdirSync(store).map((name) => path.join(store, name))];
    for (const folder of frozen) freeze(folder);
    try {
      const changed = edited((source) => source.replace('price: 16.99', 'price: 17.49'));
      const result = await runSite(['build', '--content', changed, '--out', 'out', '--cache-dir', cache], { cwd: dir, env: LOGIN });
      expect(result.stderr).toMatch(/warning: the build cache could not keep this build's pages \(permission denied \(.+\)\); out\/ is built, and the next build renders what the cache lacks/);
      expect(result.code).toBe(0);
      expect(readFileSync(path.join(dir, 'out', 'ebooks', 'index.html'), 'utf8')).toContain('$17.49');
    } finally {
      for (const folder of frozen) thaw(folder);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  test('every name a build writes at the top of out/ is one it may replace', () => {
    for (const name of readdirSync(outDir)) expect(OUTPUT_TOP_LEVEL.has(name), name).toBe(true);
  });
});
