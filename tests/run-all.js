#!/usr/bin/env node
// `npm test`: type-check, then every vitest suite (unit, CLI, end-to-end in Chromium),
// ending with one plain line "N passed, N failed" that totals them all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', ...options });

function ensureSystemPackage(binary, apt) {
  if (existsSync(binary)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing ${apt} with apt-get (needed by the end-to-end tests)…`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', apt], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
}

ensureSystemPackage('/usr/bin/chromium', 'chromium');
ensureSystemPackage('/usr/sbin/nginx', 'nginx');
if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
  // Not Debian (a laptop): use Playwright's own Chromium.
  run('npx', ['playwright', 'install', 'chromium']);
}

let passed = 0;
let failed = 0;

console.log('\n== Type check');
const tsc = run('npx', ['tsc', '--noEmit']);
if (tsc.status === 0) passed += 1;
else failed += 1;

const dir = mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
const report = path.join(dir, 'vitest.json');
console.log('\n== Tests');
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]);
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests + (result.numTotalTestSuites > 0 && result.success === false && result.numFailedTests === 0 ? 1 : 0);
} else {
  failed += 1;
}
rmSync(dir, { recursive: true, force: true });
if (vitest.status !== 0 && failed === 0) failed = 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
