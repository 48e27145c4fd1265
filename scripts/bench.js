#!/usr/bin/env node
// `npm run bench`: build the real content and synthetic content with 100, 1,000 and
// 10,000 courses several times each, as `site build` runs by default (byte budgets
// checked); print median wall time, ms per page and peak memory.
// Not part of `npm test`: absolute timings are noisy, so compare medians and ratios.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSyntheticContent } from './synthetic-content.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const sizes = (process.env.BENCH_SIZES ?? '100,1000,10000').split(',').map(Number);
const work = mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));

/** Runs one build in a child process; returns wall ms, pages and peak RSS in MB. */
function timeBuild(contentFile, outDir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'bin', 'site.js'), 'build', '--content', contentFile, '--out', outDir, '--verbose'], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`build of ${contentFile} exited ${code}:\n${output}`));
      const pages = Number(/(\d+) pages/.exec(output)?.[1] ?? NaN);
      const peak = Number(/peak memory (\d+(?:\.\d+)?) MB/.exec(output)?.[1] ?? NaN);
      resolve({ ms, pages, peak });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const cases = [['real content.yaml', path.join(root, 'content.yaml')]];
for (const size of sizes) {
  const file = path.join(work, `content-${size}.yaml`);
  writeSyntheticContent(path.join(root, 'content.yaml'), size, file);
  cases.push([`${size.toLocaleString('en-US')} courses`, file]);
}

const rows = [];
try {
  for (const [label, file] of cases) {
    const outDir = path.join(work, 'out');
    // The first build warms caches (social cards, the launcher): reported as "cold".
    const cold = await timeBuild(file, outDir);
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await timeBuild(file, outDir));
    const ms = median(results.map((result) => result.ms));
    rows.push({
      content: label,
      pages: cold.pages,
      'cold (s)': (cold.ms / 1000).toFixed(2),
      [`median of ${runs} (s)`]: (ms / 1000).toFixed(2),
      'ms per page': (ms / cold.pages).toFixed(2),
      'peak memory (MB)': Math.max(cold.peak, ...results.map((result) => result.peak)).toFixed(0),
    });
    console.log(`${label}: done`);
  }
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
console.log(`\n${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
console.table(rows);
