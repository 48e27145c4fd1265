import { existsSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright';
import { afterAll, beforeAll } from 'vitest';

/** Debian's Chromium where it is installed (CI, this machine); Playwright's own browser elsewhere. */
const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  const executablePath = existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** Messages a page printed to the console at warning level or worse, and uncaught errors. */
export interface ConsoleLog {
  messages: string[];
}

/** A new page that records console errors and warnings (hydration warnings included). */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ page: Page; log: ConsoleLog; close: () => Promise<void> }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const log: ConsoleLog = { messages: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') log.messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => log.messages.push(`pageerror: ${error.message}`));
  return { page, log, close: () => context.close() };
}

/**
 * One browser for a test file: launched before its tests, closed after. Returns a getter,
 * since the browser exists only once beforeAll has run.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running yet');
    return browser;
  };
}

/**
 * Resolves once React has hydrated (or rendered) the page's root and run its effects. The
 * root's container key appears when hydration starts; the root's committed tree has a
 * child, no longer dehydrated, once it commits, and the effects run in a task soon after.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const container = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
    const key = Object.keys(container ?? {}).find((name) => name.startsWith('__reactContainer'));
    const fiber = key ? (container![key] as { stateNode?: { current?: { child: unknown; memoizedState?: { isDehydrated?: boolean } } } } | null) : null;
    const committed = fiber?.stateNode?.current;
    return Boolean(committed?.child) && committed?.memoizedState?.isDehydrated === false;
  });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

/** axe-core's violations on the page as it is now (WCAG 2.2 A/AA and best practice), one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
}
