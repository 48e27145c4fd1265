import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
// @ts-expect-error plain JavaScript (run-all.js runs on Node without a TypeScript loader)
import { runStep, stillRunning } from '../helpers/run-step.js';
// @ts-expect-error plain JavaScript, loaded by vitest as a reporter
import ProgressReporter from '../helpers/progress-reporter.js';
import { tempDir } from '../helpers/temp.ts';

/*
 * `npm test` runs each step in a process group of its own: nothing a step leaves running
 * may keep the output open after it (a CI job waits for that), and a stuck step is stopped
 * at its limit, naming the tests that were still running.
 */

const dir = tempDir('site-run-step-');

/** Whether process `pid` still runs: a zombie (killed, not yet reaped by init) does not. */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * That process `pid` ends: a killed process has closed its files (so the step could end)
 * a moment before it is gone from /proc, a moment a busy machine stretches; one not
 * killed would sleep on for minutes.
 */
async function expectKilled(pid: number): Promise<void> {
  await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
}

function collect() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  return { stream, text: () => text };
}

describe.runIf(process.platform === 'linux')('runStep', () => {
  test('a step that leaves a process behind holding its output ends when it exits, and the process is killed', async () => {
    const out = collect();
    // The background sleep keeps the step's stdout open for five minutes.
    const result = await runStep('sh', ['-c', 'sleep 300 & echo "left $!"'], { limit: 60_000, stdout: out.stream, stderr: out.stream });
    expect(result).toEqual({ status: 0, timedOut: false });
    const pid = Number(/left (\d+)/.exec(out.text())![1]);
    await expectKilled(pid);
  }, 20_000);

  test('a step past its limit is stopped with everything it started, and its output so far is passed on', async () => {
    const out = collect();
    const result = await runStep('sh', ['-c', 'sleep 300 & echo "child $!"; echo "to stderr" >&2; sleep 300'], { limit: 1_000, stdout: out.stream, stderr: out.stream });
    expect(result).toEqual({ status: null, timedOut: true });
    expect(out.text()).toContain('to stderr');
    await expectKilled(Number(/child (\d+)/.exec(out.text())![1]));
  }, 20_000);

  test('a failing step passes on its exit status', async () => {
    const out = collect();
    expect(await runStep('sh', ['-c', 'exit 3'], { limit: 60_000, stdout: out.stream, stderr: out.stream })).toEqual({ status: 3, timedOut: false });
  });
});

describe('the progress reporter and stillRunning', () => {
  test('name the test files and tests that started and did not end, with how long they ran', () => {
    const file = path.join(dir, 'progress.jsonl');
    process.env.SITE_TEST_PROGRESS = file;
    try {
      const reporter = new ProgressReporter();
      const module = (name: string) => ({ id: `m-${name}`, moduleId: path.join(process.cwd(), 'tests', name) });
      const testCase = (id: string, name: string, fullName: string) => ({ id, fullName, module: module(name) });
      reporter.onTestModuleStart(module('a.test.ts'));
      reporter.onTestCaseReady(testCase('1', 'a.test.ts', 'group > passes'));
      reporter.onTestCaseResult(testCase('1', 'a.test.ts', 'group > passes'));
      reporter.onTestCaseReady(testCase('2', 'a.test.ts', 'group > hangs'));
      reporter.onTestModuleStart(module('b.test.ts'));
      reporter.onTestModuleEnd(module('b.test.ts'));
      const running = stillRunning(file, Date.now() + 90_000);
      expect(running).toHaveLength(2);
      expect(running[0]).toMatch(/^tests\/a\.test\.ts \(running for 9\d s\)$/);
      expect(running[1]).toMatch(/^tests\/a\.test\.ts > group > hangs \(running for 9\d s\)$/);
    } finally {
      delete process.env.SITE_TEST_PROGRESS;
    }
  });

  test('without a progress file nothing is running', () => {
    expect(stillRunning(path.join(dir, 'none.jsonl'))).toEqual([]);
  });
});
