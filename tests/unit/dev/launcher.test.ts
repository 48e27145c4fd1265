import { cpSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../../helpers/cli.ts';
import { startDev } from '../../helpers/dev.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * `site dev` is two processes: the launcher holds the address, the engine builds and
 * serves (generator/dev/run.ts). The engine must not outlive the launcher.
 */

/** The processes whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // "pid (command) state ppid …": the command may hold spaces, so read after its ")".
        return readFileSync(`/proc/${name}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\S+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

test.skipIf(process.platform !== 'linux')('the engine stops when the launcher is killed outright (kill -9): nothing is left watching files', async () => {
  const dir = tempDir('site-dev-launcher-');
  cpSync(path.join(ROOT, 'content.yaml'), path.join(dir, 'content.yaml'));
  const dev = await startDev({ cwd: dir });
  const engines = childrenOf(dev.child.pid!);
  try {
    expect(engines).toHaveLength(1);
    dev.child.kill('SIGKILL');
    await expect.poll(() => isRunning(engines[0]!), { timeout: 60_000, interval: 200 }).toBe(false);
  } finally {
    await dev.stop();
    for (const engine of engines.filter(isRunning)) process.kill(engine, 'SIGKILL');
  }
}, 180_000);
