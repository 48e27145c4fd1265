#!/usr/bin/env node
// `npm run audit`: build, serve out/ on loopback, and run Lighthouse in mobile mode on
// every route with Debian's Chromium (Playwright's elsewhere). Prints the four scores
// and LCP, TBT and CLS per route; exits 1 if a route misses its targets
// (accessibility, best practices and SEO 100; performance 95).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALL_ROUTES = [
  '/', '/login', '/coming-soon', '/courses', '/courses/list', '/course/1', '/about', '/faq', '/contact',
  '/ebooks', '/bundles', '/agency', '/agency/payment', '/agency/policies', '/get-started',
];
// AUDIT_ROUTES=/,/faq audits a few routes only. AUDIT_IMAGES=1 audits the image fixture
// (scripts/image-fixture.js: every image field filled) instead of the real content.
const ROUTES = process.env.AUDIT_ROUTES ? process.env.AUDIT_ROUTES.split(',') : ALL_ROUTES;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const port = Number(process.env.AUDIT_PORT ?? 4199);

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'bin', 'site.js'), ...args], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`site ${args.join(' ')} exited ${code}`))));
  });
}

async function serve(outDir) {
  const child = spawn(process.execPath, [path.join(root, 'bin', 'site.js'), 'serve', '--out', outDir, '--port', String(port)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('serving') && resolve());
    child.on('exit', (code) => reject(new Error(`site serve exited ${code}`)));
  });
  return child;
}

async function chromePath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { chromium } = await import('playwright');
  return chromium.executablePath();
}

function metric(lhr, id, format) {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === 'number' ? format(value) : `n/a (${lhr.audits[id]?.errorMessage ?? 'not measured'})`;
}

let outDir = path.join(root, 'out');
if (process.env.AUDIT_IMAGES) {
  const { writeImageFixture } = await import('./image-fixture.js');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-audit-images-'));
  const { contentFile } = await writeImageFixture(path.join(root, 'content.yaml'), dir);
  outDir = path.join(dir, 'out');
  await run(['build', '--quiet', '--content', contentFile, '--out', outDir, '--cache-dir', path.join(dir, 'cache')]);
} else await run(['build', '--quiet']);
const server = await serve(outDir);
const chrome = await chromeLauncher.launch({
  chromePath: await chromePath(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
let failures = 0;
try {
  for (const route of ROUTES) {
    // Median of three runs per route: simulated throttling is still noisy on two cores.
    const runs = [];
    for (let attempt = 0; attempt < Number(process.env.AUDIT_RUNS ?? 3); attempt += 1) {
      const result = await lighthouse(`http://127.0.0.1:${port}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: Object.keys(TARGETS) });
      runs.push(result.lhr);
    }
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[Math.floor(runs.length / 2)];
    const score = (id) => Math.round(lhr.categories[id].score * 100);
    const row = {
      route,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      LCP: metric(lhr, 'largest-contentful-paint', (value) => `${(value / 1000).toFixed(2)} s`),
      TBT: metric(lhr, 'total-blocking-time', (value) => `${Math.round(value)} ms`),
      CLS: metric(lhr, 'cumulative-layout-shift', (value) => value.toFixed(3)),
    };
    const missed = Object.entries(TARGETS).filter(([id, target]) => row[id] < target);
    if (missed.length > 0) {
      failures += 1;
      for (const [id] of missed)
        for (const audit of Object.values(lhr.audits).filter((item) => lhr.categories[id].auditRefs.some((ref) => ref.id === item.id && ref.weight > 0) && item.score !== null && item.score < 1))
          console.error(`  ${route} ${id}: ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
    rows.push(row);
  }
} finally {
  await chrome.kill();
  server.kill();
}
console.table(rows);
console.log(failures === 0 ? 'Every route meets its targets.' : `${failures} route(s) miss a target (see above).`);
process.exit(failures === 0 ? 0 : 1);
