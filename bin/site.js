#!/usr/bin/env node
// The `site` command: starts the CLI in generator/, which Node runs as TypeScript itself.
import module from 'node:module';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `site needs Node.js 22.18 or newer (it runs TypeScript as Node does from 22.18); this is ${process.version}.\n` +
      'Install Node 24 LTS, or run ". scripts/node-lts.sh" in this shell to use it from the npm registry.\n',
  );
  process.exit(1);
}
// Node keeps the compiled code of the CLI's modules between runs: start-up is read, not compiled.
module.enableCompileCache();
// React's production build: several times faster to render than its development build.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../generator/cli.ts');
await main(process.argv);
