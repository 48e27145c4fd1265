#!/usr/bin/env node
// `npm run bench`: the figures of docs/performance.md. For the real content.yaml and
// synthetic content with 1,000 and 10,000 courses (BENCH_SIZES), each `site build` as a
// whole process, as a maintainer runs it (byte budgets checked):
//   from nothing   --no-cache: every page rendered (social cards already drawn)
//   no change      the build after a build of the same content
//   one edit       one price (real content) or one course title (synthetic), edited and
//                  put back in turn, so that every build has one edit to make
// And the image fixture with 50 images (scripts/image-fixture.js): the first build with an
// empty cache (every image file made), no change, and one image replaced in turn.
// With Hugo on PATH, the largest size also has a yardstick: Hugo's build from nothing of
// the same courses (scripts/hugo-workload.js), alternated with the one-edit build, and the
// ratio of the two taken pair by pair.
// Prints the median wall time of BENCH_RUNS runs (default 5) and the peak memory of each.
// Not part of `npm test`: absolute timings are noisy; compare rows of one run.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHugoWorkload } from './hugo-workload.js';
import { writeImageFixture } from './image-fixture.js';
import { writeSyntheticContent } from './synthetic-content.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const sizes = (process.env.BENCH_SIZES ?? '1000,10000').split(',').filter(Boolean).map(Number);
const work = mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));

/**
 * Runs one build in a child process, as a maintainer runs it (no --verbose: its lists cost
 * work a plain build does not do); returns wall ms, pages, pages rendered and peak RSS in MB.
 */
function timeBuild(contentFile, extra = []) {
  const args = [path.join(root, 'bin', 'site.js'), 'build', '--content', contentFile, '--out', path.join(work, 'out'), '--cache-dir', path.join(work, 'cache'), ...extra];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    const peak = watchPeak(child.pid);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      const peakMb = peak.stop();
      if (code !== 0) return reject(new Error(`build of ${contentFile} exited ${code}:\n${output}`));
      const pages = Number(/(\d+) pages/.exec(output)?.[1] ?? NaN);
      const rendered = /up to date/.test(output) ? 0 : Number(/(\d+) rendered/.exec(output)?.[1] ?? NaN);
      resolve({ ms, pages, rendered, peak: peakMb });
    });
  });
}

/**
 * A child's peak resident memory in MB, from Linux's own high-water mark (VmHWM in
 * /proc/PID/status), read every 10 ms while it runs: only its last few milliseconds can
 * go unseen. NaN elsewhere.
 */
function watchPeak(pid) {
  let kb = NaN;
  const read = () => {
    try {
      const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) kb = Number(match[1]);
    } catch {
      // Not Linux, or the process has just ended: the last figure read stands.
    }
  };
  const timer = setInterval(read, 10);
  read();
  return {
    stop() {
      clearInterval(timer);
      return kb / 1024;
    },
  };
}

/** Hugo's version when it is on PATH, else null (no yardstick row). */
function hugoVersion() {
  const result = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return result.status === 0 ? (/v[\d.]+/.exec(result.stdout)?.[0] ?? '') : null;
}

/** One Hugo build of the site in `dir`, from nothing, as a whole process: wall ms. */
function timeHugo(dir) {
  const started = performance.now();
  const result = spawnSync('hugo', ['--quiet', '--source', dir, '--destination', path.join(work, 'hugo-out')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`hugo failed:\n${result.stderr}`);
  return performance.now() - started;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `text` with one edit: the first price raised by one, or a course's title lengthened. */
function edited(text, what) {
  if (what === 'price') return text.replace(/price: (\d+(?:\.\d+)?)/, (_, price) => `price: ${(Number(price) + 1).toFixed(2)}`);
  const titles = [...text.matchAll(/^ {4}title: .*$/gm)];
  const middle = titles[Math.floor(titles.length / 2)];
  return text.slice(0, middle.index + middle[0].length) + ' (edited)' + text.slice(middle.index + middle[0].length);
}

const cases = [{ label: 'real content.yaml', file: path.join(root, 'content.yaml'), edit: 'price' }];
for (const size of sizes) {
  const file = path.join(work, `content-${size}.yaml`);
  writeSyntheticContent(path.join(root, 'content.yaml'), size, file);
  cases.push({ label: `${size.toLocaleString('en-US')} courses`, file, edit: 'course title' });
}

const rows = [];
const hugo = hugoVersion();
let yardstick = hugo === null ? 'Hugo is not on PATH: no yardstick row' : '';
try {
  const images = await writeImageFixture(path.join(root, 'content.yaml'), path.join(work, 'images'), { courses: 19 });
  const media = path.join(work, 'images', 'media');
  copyFileSync(path.join(media, 'book-3.jpg'), path.join(work, 'book-3-a.jpg'));
  const cacheless = async () => {
    rmSync(path.join(work, 'cache'), { recursive: true, force: true });
    return timeBuild(images.contentFile);
  };
  const imageRow = async (what, build) => {
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await build(run));
    rows.push({
      content: `${images.images} images`,
      build: what,
      pages: results[0].pages,
      rendered: median(results.map((result) => result.rendered)),
      'median (s)': (median(results.map((result) => result.ms)) / 1000).toFixed(2),
      'peak memory (MB)': Math.max(...results.map((result) => result.peak).filter((peak) => !Number.isNaN(peak)), 0).toFixed(0),
    });
  };
  await imageRow('first (cache empty: every image made)', cacheless);
  await imageRow('no change', () => timeBuild(images.contentFile));
  // Book 3's cover and book 4's, in turn, under book 3's name.
  await imageRow('one image replaced', (run) => {
    copyFileSync(path.join(run % 2 === 0 ? media : work, run % 2 === 0 ? 'book-4.jpg' : 'book-3-a.jpg'), path.join(media, 'book-3.jpg'));
    return timeBuild(images.contentFile);
  });
  console.log(`${images.images} images: done`);

  for (const { label, file, edit } of cases) {
    rmSync(path.join(work, 'out'), { recursive: true, force: true });
    rmSync(path.join(work, 'cache'), { recursive: true, force: true });
    const editedFile = path.join(work, `edited-${path.basename(file)}`);
    writeFileSync(editedFile, edited(readFileSync(file, 'utf8'), edit));
    // The first build draws the social cards, which every later build takes from the cache.
    const cold = await timeBuild(file);
    const row = async (what, build) => {
      const results = [];
      for (let run = 0; run < runs; run += 1) results.push(await build(run));
      rows.push({
        content: label,
        build: what,
        pages: cold.pages,
        rendered: median(results.map((result) => result.rendered)),
        'median (s)': (median(results.map((result) => result.ms)) / 1000).toFixed(2),
        'peak memory (MB)': Math.max(...results.map((result) => result.peak).filter((peak) => !Number.isNaN(peak)), 0).toFixed(0) || '-',
      });
    };
    await row('from nothing (--no-cache)', () => timeBuild(file, ['--no-cache']));
    await row('no change', () => timeBuild(file));
    // The first edit after a first build also makes out/'s spare, the folder each later build
    // is put together in (write-output.ts): a row of its own. The build after it still
    // checks by their bytes the files that one wrote in its last two seconds; not counted.
    const first = await timeBuild(editedFile);
    rows.push({ content: label, build: `first edit after a first build (1 run)`, pages: cold.pages, rendered: first.rendered, 'median (s)': (first.ms / 1000).toFixed(2), 'peak memory (MB)': first.peak.toFixed(0) });
    await timeBuild(file);
    await row(`one edit (${edit})`, (run) => timeBuild(run % 2 === 0 ? editedFile : file));
    if (hugo && file === cases.at(-1).file) {
      const dir = path.join(work, 'hugo');
      writeHugoWorkload(file, dir);
      timeHugo(dir); // not counted, as the first build of ours is not
      const hugoMs = [];
      const ratios = [];
      for (let run = 0; run < runs; run += 1) {
        hugoMs.push(timeHugo(dir));
        // Carries on the alternation above, so that every build has its one edit.
        const ours = await timeBuild((runs + run) % 2 === 0 ? editedFile : file);
        ratios.push(ours.ms / hugoMs.at(-1));
      }
      const htmlFiles = readdirSync(path.join(work, 'hugo-out'), { recursive: true }).filter((name) => String(name).endsWith('.html')).length;
      rows.push({ content: label, build: `Hugo ${hugo}, from nothing (${htmlFiles} HTML files)`, pages: '', rendered: '', 'median (s)': (median(hugoMs) / 1000).toFixed(2), 'peak memory (MB)': '' });
      yardstick = `${label}: one edit takes ${median(ratios).toFixed(3)} of Hugo's build from nothing (median of ${runs} alternating pairs)`;
    }
    rows.push({ content: label, build: 'first (cards drawn)', pages: cold.pages, rendered: cold.rendered, 'median (s)': (cold.ms / 1000).toFixed(2), 'peak memory (MB)': cold.peak.toFixed(0) });
    console.log(`${label}: done`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`\n${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${runs} runs each`);
console.table(rows);
console.log(yardstick);
