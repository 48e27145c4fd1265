// The steps of `npm test` (tests/run-all.js), each in a process group of its own under a
// time limit. Plain JavaScript: run-all.js runs on Node without a TypeScript loader.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The process groups of the steps running now. */
const running = new Set();

/** Sends `signal` to every process of the group `pid` leads; quiet when none is left. */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {}
}

/** Passes `signal` on to every running step (its own group does not get the terminal's). */
export function signalSteps(signal) {
  for (const pid of running) signalGroup(pid, signal);
}

/**
 * Runs a command in a process group of its own for at most `limit` ms, passing its output
 * on to `stdout` and `stderr`. When it exits, whatever it left running in its group is
 * killed: nothing it started can hold the output open after it (a CI job waits for its
 * output to close). Past the limit the whole group is killed.
 * Resolves with the exit status (null when stopped) and whether the limit was reached.
 */
export function runStep(command, args, { cwd, env = process.env, limit, stdout = process.stdout, stderr = process.stderr }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child.pid);
    child.stdout.pipe(stdout, { end: false });
    child.stderr.pipe(stderr, { end: false });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup(child.pid, 'SIGKILL');
    }, limit);
    child.on('exit', (status) => {
      clearTimeout(timer);
      signalGroup(child.pid, 'SIGKILL');
      running.delete(child.pid);
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        clearTimeout(stuck);
        resolve({ status: timedOut ? null : status, timedOut });
      };
      // The group is gone, so its pipes close; a process that left the group (setsid) and
      // kept them is let go after a few seconds.
      const stuck = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        done();
      }, 5_000);
      child.on('close', done);
    });
  });
}

/**
 * The tests a progress file (tests/helpers/progress-reporter.js) shows as started and not
 * ended, with how long each had been running at `now`.
 */
export function stillRunning(progressFile, now = Date.now()) {
  if (!existsSync(progressFile)) return [];
  const open = new Map();
  for (const line of readFileSync(progressFile, 'utf8').split('\n')) {
    if (!line) continue;
    const event = JSON.parse(line);
    if (event.kind === 'start') open.set(event.id, event);
    else open.delete(event.id);
  }
  return [...open.values()].map((event) => `${event.name} (running for ${Math.round((now - event.at) / 1000)} s)`);
}
