#!/usr/bin/env node
// `npm run screenshots`: builds the site, serves out/ with `site serve`, and saves full-page
// PNGs of every route at 390px and 1280px (plus the open mobile menu) into screenshots/.
// It also checks that no route scrolls sideways at 320, 390, 768, 1024 and 1440px and exits
// non-zero if one does. Plain ESM so that Node 20 runs it without a TypeScript step.
//
//   node scripts/screenshots.js [--no-build] [--only /path,/other]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'screenshots');
const ROUTES = ['/', '/login', '/coming-soon', '/courses', '/courses/list', '/course/1', '/course/9', '/course/99', '/about', '/faq', '/contact', '/ebooks', '/bundles', '/agency', '/agency/payment', '/agency/policies', '/get-started', '/nope'];
const SHOT_WIDTHS = [390, 1280];
const OVERFLOW_WIDTHS = [320, 390, 768, 1024, 1440];
/** Long enough for the first-load transition (1.2 s) and the page fade to finish. */
const SETTLE_MS = 1500;
const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const onlyIndex = args.indexOf('--only');
const routes = onlyIndex >= 0 ? args[onlyIndex + 1].split(',') : ROUTES;

function run(command, commandArgs) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${commandArgs.join(' ')} exited with ${code}`))));
  });
}

/** Starts `site serve --port 0` and resolves with its URL once it prints it. */
function serve() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/site.js', 'serve', '--port', '0'], { cwd: root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.replace(/\u001b\[[0-9;]*m/g, '').match(/https?:\/\/[^\s)]+/);
      if (match) resolve({ url: match[0].replace(/\/$/, ''), stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`site serve exited with ${code} before it was ready`)));
  });
}

const fileName = (route, width, suffix = '') => `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}${suffix}-${width}.png`;

async function main() {
  if (build) await run(process.execPath, ['bin/site.js', 'build']);
  mkdirSync(outDir, { recursive: true });
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const overflows = [];
  try {
    for (const width of SHOT_WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 800 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(SETTLE_MS);
        await page.screenshot({ path: path.join(outDir, fileName(route, width)), fullPage: true });
        process.stdout.write(`• ${fileName(route, width)}\n`);
      }
      if (width < 768 && routes.includes('/')) {
        await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(SETTLE_MS);
        await page.getByRole('button', { name: /menu/i }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(outDir, fileName('/', width, '-menu-open')) });
        process.stdout.write(`• ${fileName('/', width, '-menu-open')}\n`);
      }
      await context.close();
    }
    for (const width of OVERFLOW_WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        if (scrollWidth > innerWidth) overflows.push(`${route} at ${width}px: scrollWidth ${scrollWidth} > ${innerWidth}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
  if (overflows.length) {
    process.stderr.write(`Horizontal overflow:\n${overflows.map((line) => `  ${line}`).join('\n')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`✓ ${routes.length} routes, no horizontal scroll at ${OVERFLOW_WIDTHS.join(', ')}px; screenshots in screenshots/\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
