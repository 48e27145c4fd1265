import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../generator/build/build.ts';
import { serveStatic } from '../../generator/serve/serve.ts';

/** Test credentials for the login gate: set only in the test build, never committed as real ones. */
export const TEST_LOGIN = { username: 'e2e-visitor', password: 'correct horse battery staple' };

/**
 * Builds the real content.yaml once into a temporary out/, serves it with `site serve`'s
 * handler on a loopback port, and hands the URL to the tests.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-e2e-'));
  const outDir = path.join(dir, 'out');
  // vitest gives a global setup no time limit of its own: a build that never ended would
  // hold up every test without a word.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    build({
      contentFile: path.resolve('content.yaml'),
      outDir,
      // A cache of its own: the tests see a build from nothing, whatever the project's cache holds.
      cacheDir: path.join(dir, 'cache'),
      env: { SITE_LOGIN_USERNAME: TEST_LOGIN.username, SITE_LOGIN_PASSWORD: TEST_LOGIN.password },
    }),
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the end-to-end tests\' build did not finish in 5 minutes')), 5 * 60_000))),
  ]).finally(() => clearTimeout(timer));
  const server = await serveStatic({ root: outDir, port: 0, host: '127.0.0.1' });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);
  project.provide('outDir', outDir);
  return async () => {
    // Connections a browser left open would keep close() waiting.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outDir: string;
  }
}
