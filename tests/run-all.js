#!/usr/bin/env node
// `npm test`: type-check, then every vitest suite (unit, CLI, end-to-end in Chromium),
// ending with one plain line "N passed, N failed" that totals them all.
//
// Each step runs in its own process group under a time limit, its output passed on
// through this process: whatever it leaves running is killed when it ends, and cannot
// hold the caller's output open (a CI job waits for that to close). A run past its limit
// is stopped, with the tests that were still running named, and counts as a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStep, signalSteps, stillRunning } from './helpers/run-step.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The CLI runs its TypeScript with Node's own type stripping: Node 22.18 or newer.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.log(`npm test needs Node.js 22.18 or newer; this is ${process.version}.\nInstall Node 24 LTS, or run ". scripts/node-lts.sh" in this shell first (it brings Node 24 from the npm registry).`);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });

/**
 * Installs a Debian package the end-to-end tests need, as root where apt-get is. Its
 * output goes to a file, printed only on failure: a service the package starts must not
 * inherit this process's output and hold it open.
 */
function ensureSystemPackage(binary, apt) {
  if (existsSync(binary)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing ${apt} with apt-get (needed by the end-to-end tests)…`);
    const log = path.join(os.tmpdir(), `site-apt-${apt}.log`);
    const script = `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${apt}`;
    const result = spawnSync('sh', ['-c', `(${script}) </dev/null >"$1" 2>&1`, 'sh', log], { stdio: 'ignore' });
    if (result.status !== 0) console.log(`apt-get could not install ${apt}:\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
  }
}

ensureSystemPackage('/usr/bin/chromium', 'chromium');
ensureSystemPackage('/usr/sbin/nginx', 'nginx');
if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
  // Not Debian (a laptop): use Playwright's own Chromium.
  run('npx', ['playwright', 'install', 'chromium']);
}

const MINUTE = 60_000;
// The whole suite takes 5–7 minutes on a 2-core machine; a step past these limits is stuck.
const TYPECHECK_LIMIT = 10 * MINUTE;
const TESTS_LIMIT = Number(process.env.SITE_TEST_LIMIT_MINUTES || 30) * MINUTE;

// A step has a process group of its own, out of reach of the terminal's Ctrl-C: pass it on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    signalSteps(signal);
    process.exit(130);
  });
}

const childEnv = { ...process.env, ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : {}) };
let passed = 0;
let failed = 0;

console.log('\n== Type check');
const tsc = await runStep(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit'], { cwd: ROOT, limit: TYPECHECK_LIMIT, env: childEnv });
if (tsc.timedOut) console.log(`\nThe type check did not finish in ${TYPECHECK_LIMIT / MINUTE} minutes: stopped.`);
if (tsc.status === 0) passed += 1;
else failed += 1;

const dir = mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
const report = path.join(dir, 'vitest.json');
const progress = path.join(dir, 'progress.jsonl');
console.log('\n== Tests');
const vitest = await runStep(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--reporter=./tests/helpers/progress-reporter.js', ...process.argv.slice(2)],
  { cwd: ROOT, limit: TESTS_LIMIT, env: { ...childEnv, SITE_TEST_PROGRESS: progress } },
);
if (vitest.timedOut) {
  const running = stillRunning(progress);
  console.log(`\nThe tests did not finish in ${TESTS_LIMIT / MINUTE} minutes (SITE_TEST_LIMIT_MINUTES): stopped.`);
  console.log(running.length > 0 ? `Still running then:\n${running.map((name) => `  - ${name}`).join('\n')}` : 'No test was running then (stuck between tests, in a setup or a teardown).');
}
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
