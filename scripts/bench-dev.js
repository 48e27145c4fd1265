#!/usr/bin/env node
// `npm run bench:dev`: the maintainer's loop, timed. Medians of BENCH_RUNS (5) runs of
//   - `site check` on the content, wall time of the whole process (median of 9);
//   - `site dev`: from saving content.yaml to the reloaded page showing the new text;
//   - `site dev`: from saving a component (site/components/chrome/layout.tsx) to the reloaded page;
//   - `site edit`: from spawning it to its form usable in Chromium, from a keystroke to the
//     preview showing it, and from Save to "Saved" (scripts/bench-editor.js).
// BENCH_COURSES=10000 runs it on synthetic content with that many courses, the content
// edit being one course's title, watched on that course's page.
// Runs in a throwaway copy of the project, so the working tree is never edited.
// Not part of `npm test`: timings are noisy; compare medians on an idle machine.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { benchEditor } from './bench-editor.js';
import { writeSyntheticContent } from './synthetic-content.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (ms) => `${Math.round(ms)} ms`;

// A copy of the project whose node_modules links to the real packages.
const dir = mkdtempSync(path.join(os.tmpdir(), 'site-bench-dev-'));
for (const entry of ['bin', 'generator', 'site', 'templates', 'package.json', 'content.yaml', 'tsconfig.json'])
  cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
mkdirSync(path.join(dir, 'node_modules'));
for (const name of readdirSync(path.join(root, 'node_modules'))) if (name !== '.cache') symlinkSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name));
const courses = Number(process.env.BENCH_COURSES ?? 0);
if (courses) writeSyntheticContent(path.join(root, 'content.yaml'), courses, path.join(dir, 'content.yaml'));
const bin = path.join(dir, 'bin', 'site.js');
const env = { ...process.env, NO_COLOR: '1' };

/** Stops a server started here (Ctrl+C) and waits for it to exit. */
async function stop(child) {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGINT');
    await new Promise((resolve) => child.on('exit', resolve));
  }
}

let dev;
let browser;
try {
  // site check: the first run compiles the launcher; not counted.
  spawnSync(process.execPath, [bin, 'check'], { cwd: dir, env });
  const timeCheck = (args) => {
    const started = performance.now();
    const result = spawnSync(process.execPath, [bin, 'check', ...args], { cwd: dir, env });
    if (result.status !== 0) throw new Error(`site check failed:\n${result.stderr}`);
    return performance.now() - started;
  };
  const check = [];
  for (let run = 0; run < 9; run += 1) check.push(timeCheck([]));

  dev = spawn(process.execPath, [bin, 'dev', '--port', '0'], { cwd: dir, env });
  let output = '';
  dev.stdout.on('data', (chunk) => (output += chunk));
  dev.stderr.on('data', (chunk) => (output += chunk));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site dev did not start:\n${output}`)), 60_000);
    dev.stdout.on('data', () => {
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    });
  });
  const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  await page.goto(url);

  /** Saves `file` with `text`; resolves with ms until the reloaded page has `selector`. */
  const timeReload = async (file, text, selector) => {
    let loaded = page.waitForEvent('domcontentloaded', { timeout: 20_000 });
    const started = performance.now();
    writeFileSync(file, text);
    let ms;
    // Until a load shows the edit: a reload for another cause (the end of the first build
    // of a large site) may come first. The wait for the next load starts before this one is looked at.
    for (;;) {
      await loaded.catch(() => {
        throw new Error(`no reloaded page showed ${selector} within 20 s`);
      });
      ms = performance.now() - started;
      loaded = page.waitForEvent('domcontentloaded', { timeout: 20_000 });
      if ((await page.locator(selector).count()) > 0) break;
    }
    loaded.catch(() => {}); // a load that never comes: nothing waits for it
    // Let the page settle (hydration, the rebuild's log line) before the next save.
    await page.waitForLoadState('load');
    await new Promise((resolve) => setTimeout(resolve, 300));
    return ms;
  };

  /** The rebuild times `site dev` printed since `from` (its own part of the wait). */
  const rebuilds = (from) => [...output.slice(from).matchAll(/rendered in ([\d.]+) (ms|s)\b/g)].map((match) => Number(match[1]) * (match[2] === 's' ? 1000 : 1));

  const contentFile = path.join(dir, 'content.yaml');
  const contentFrom = output.length;
  const content = readFileSync(contentFile, 'utf8');
  const contentTimes = [];
  // The edit: the site's headline (real content, watched on /faq), or the middle course's title (on its page).
  const course = Math.ceil(courses / 2);
  const titleLine = courses ? new RegExp(`(\\n\\s+- id: ${course}\\n(?:\\s+\\w+: .*\\n)*?\\s+title: )(.*)`) : null;
  const edit = (marker) => (titleLine ? content.replace(titleLine, (_, before, title) => `${before}${title} ${marker}`) : content.replace('headline: Build your future, together.', `headline: ${marker}`));
  await page.goto(courses ? `${url}course/${course}` : `${url}faq`);
  for (let run = 0; run <= runs; run += 1) {
    const marker = `Bench ${run}`;
    if (edit(marker) === content) throw new Error('the bench found nothing to edit in content.yaml');
    const ms = await timeReload(contentFile, edit(marker), courses ? `h1:has-text("${marker}")` : 'h1');
    if (run > 0) contentTimes.push(ms); // the first edit warms the JIT
  }

  const contentRebuilds = rebuilds(contentFrom).slice(1);
  const layoutFile = path.join(dir, 'site', 'components', 'chrome', 'layout.tsx');
  const componentFrom = output.length;
  const layout = readFileSync(layoutFile, 'utf8');
  const componentTimes = [];
  for (let run = 0; run <= runs; run += 1) {
    const ms = await timeReload(layoutFile, layout.replace('<main ', `<main data-bench="${run}" `), `main[data-bench="${run}"]`);
    if (run > 0) componentTimes.push(ms);
  }

  const componentRebuilds = rebuilds(componentFrom).slice(1);
  // The editor works on the content as it was, with nothing else watching the copy.
  await stop(dev);
  writeFileSync(contentFile, content);
  writeFileSync(layoutFile, layout);
  const editCourse = courses ? { id: course, title: titleLine.exec(content)[2] } : undefined;
  const editor = await benchEditor({ dir, bin, env, browser, runs, course: editCourse });

  console.log(`\n${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os.loadavg()[0].toFixed(2)}`);
  /** A row of the table: the median, every run, the bound. */
  const row = (values, budget = '') => ({ median: round(median(values)), runs: values.map(round).join(', '), budget });
  console.table({
    'site check (wall, whole process)': row(check, courses ? '' : '150 ms'),
    'dev: save content.yaml → reloaded page': row(contentTimes, courses ? '400 ms' : '150 ms'),
    'dev: save a component → reloaded page': row(componentTimes, courses ? '' : '500 ms'),
    '  of which the rebuild (content)': row(contentRebuilds),
    '  of which the rebuild (component)': row(componentRebuilds),
    'edit: spawn → form usable in Chromium': row(editor.open, courses ? '2 s' : '1 s'),
    '  of which until the address is printed': row(editor.printed),
    'edit: keystroke → preview shows it': row(editor.keystroke, courses ? '500 ms' : '300 ms'),
    '  the draft request (its answer waits for the whole build)': row(editor.draftRequest),
    'edit: Save → "Saved", file written': row(editor.save, '100 ms'),
    '  of which POST /_edit/api/save': row(editor.saveRequest),
  });
} finally {
  await browser?.close();
  await stop(dev);
  rmSync(dir, { recursive: true, force: true });
}
