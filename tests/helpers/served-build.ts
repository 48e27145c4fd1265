import { build } from '../../generator/build/build.ts';
import { serveStatic } from '../../generator/serve/serve.ts';

/** Builds `contentFile` into `outDir` and serves it on a loopback port as `site serve` does: its URL, and how to stop the server. */
export async function servedBuild(options: { contentFile: string; outDir: string; cacheDir?: string }): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  await build({ ...options, env: {} });
  const server = await serveStatic({ root: options.outDir, port: 0, host: '127.0.0.1' });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
