import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Frame, Page } from 'playwright';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openPage, useBrowser, type ConsoleLog } from '../helpers/browser.ts';
import { startEditor, type EditorProcess } from '../helpers/editor.ts';
import { REAL_CONTENT } from '../helpers/content.ts';
import { tempDir } from '../helpers/temp.ts';

/*
 * `site edit` in Chromium, as a maintainer uses it: a price changed in the form shows in
 * the preview's bundle savings and is saved as exactly one changed line; a course added
 * gets its page; a wrong book id in a bundle is a problem at that field; a file changed on
 * disk meanwhile is never overwritten. The editor is axe-clean and usable by keyboard.
 */

const browserOf = useBrowser();
let editor: EditorProcess;
let dir: string;
let file: string;
let page: Page;
let log: ConsoleLog;
let close: () => Promise<void>;

/** A field by its dotted path into the content (ids are `field-<path>`). */
const field = (fieldPath: string) => page.locator(`[id="field-${fieldPath}"]`);
const preview = (): Frame => page.frame({ url: (url) => url.origin === editor.origin && !url.pathname.startsWith('/_edit/') })!;
/** Opens a section of the form by its key in content.yaml ("books", "pages.faq"). */
const section = async (key: string) => {
  await page.getByRole('navigation').locator(`a[href="#${key}"]`).click();
};

/** Opens a row of a list (a book, a course) unless it is open. */
async function openRow(rowPath: string): Promise<void> {
  const toggle = page.locator(`[id="field-${rowPath}"]`);
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** Saves unsaved changes with the Save button; resolves once the editor says all is saved. */
async function save(): Promise<void> {
  await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.getByText('All changes saved').isVisible()).toBe(true);
}

/** Resolves once the preview's page shows `text` (it reloads itself when the draft is rebuilt). */
async function previewShows(text: string, previewPath: string): Promise<void> {
  // What the preview shows instead, when it never shows `text`: its path and title.
  await expect
    .poll(
      async () => {
        const frame = preview();
        if (!frame) return 'no preview';
        const { pathname } = new URL(frame.url());
        const html = await frame.content().catch(() => '');
        return pathname === previewPath && html.includes(text) ? 'shown' : `${pathname}, titled "${/<title>([^<]*)/.exec(html)?.[1] ?? ''}"`;
      },
      { timeout: 20_000, message: `the preview shows "${text}" at ${previewPath}` },
    )
    .toBe('shown');
}

beforeAll(async () => {
  dir = tempDir('site-edit-e2e-');
  file = path.join(dir, 'content.yaml');
  // One book id in the Growth bundle that no book has: a problem from the start.
  writeFileSync(file, readFileSync(REAL_CONTENT, 'utf8').replace('books: [4, 6, 5, 7]', 'books: [4, 6, 5, 77]'));
  editor = await startEditor({ cwd: dir });
  ({ page, log, close } = await openPage(browserOf(), { viewport: { width: 1280, height: 900 } }));
  await page.goto(editor.address.href);
  await field('site.name').waitFor();
});

afterAll(async () => {
  await close?.();
  await editor?.stop();
});

afterEach(() => {
  expect(log.messages.filter((message) => !message.includes('favicon'))).toEqual([]);
});

describe('problems where they are', () => {
  test('a wrong book id in a bundle shows at the bundle\'s books, with the message site check gives, and the editor says the build will refuse the file', async () => {
    await expect.poll(() => page.getByText(/site build.*refuse/i).first().isVisible()).toBe(true);
    // The list of problems links to the field: the bundle opens, and the wrong book has focus.
    await page.getByRole('button', { name: /Growth Bundle › Books/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[id="field-bundles.1.books"]') !== null)).toBe(true);
    const books = field('bundles.1.books');
    const described = (await books.getAttribute('aria-describedby'))!.split(' ');
    const message = (await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    expect(message).toContain('book 77 does not exist');
    expect(message).toContain('Use the id of a book listed under books');
  });
});

describe('a price edited in the form', () => {
  test("changes the bundle's savings in the preview; a save changes exactly that line of content.yaml", async () => {
    // First the problem is fixed: the Growth bundle's fourth book is book 7 again, ticked by its title.
    await section('bundles');
    await openRow('bundles.1');
    // Nothing has built yet: the preview says so, and turns into the page once the file is fixed.
    await previewShows('No preview yet', '/bundles');
    // Unticked, the unknown id leaves the list of choices.
    await page.getByRole('checkbox', { name: 'id 77 (not in books)' }).click();
    await page.getByRole('checkbox', { name: 'Offer Like a Hustler' }).check();
    await expect.poll(() => page.getByText('No problems').isVisible()).toBe(true);
    await previewShows('Growth Bundle', '/bundles');
    await save();

    await section('books');
    await openRow('books.0');
    const before = readFileSync(file, 'utf8').split('\n');
    await field('books.0.price').fill('20');
    await section('bundles');
    // Foundation holds books 1, 2 and 3: 20 + 16.99 + 16.99 = 53.98, sold at 29.99.
    await expect.poll(() => page.getByText('Savings $23.99').first().isVisible()).toBe(true);
    await previewShows('$23.99', '/bundles');

    await save();
    const after = readFileSync(file, 'utf8').split('\n');
    const changed = after.flatMap((line, index) => (line === before[index] ? [] : [{ line: index + 1, text: line }]));
    expect(after).toHaveLength(before.length);
    expect(changed).toEqual([{ line: before.indexOf('    price: 16.99') + 1, text: '    price: 20' }]);
    // The status names the line, until the next edit.
    expect(await page.getByRole('status').first().textContent()).toContain(`line ${changed[0]!.line}`);
    await section('books');
    await field('books.0.price').fill('16.99');
    await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/^Saved — line/).count()).toBe(0);
    await save();
  });
});

describe('a course added', () => {
  test('gets its page in the preview', async () => {
    await section('courses');
    await page.getByRole('button', { name: /^Add course/ }).click();
    const index = (parseInt((await page.locator('.row--open .row__number').textContent()) ?? '11', 10) || 11) - 1;
    await field(`courses.${index}.title`).fill('Pricing Your Work');
    await field(`courses.${index}.description`).fill('Set prices that pay for your time and still win the customer.');
    await field(`courses.${index}.duration`).fill('20 min');
    await field(`courses.${index}.level`).selectOption('Foundation');
    const id = await field(`courses.${index}.id`).inputValue();
    await previewShows('Pricing Your Work', `/course/${id}`);
    // Until its fields were filled in, the new course had no page: the preview showed the site's 404 meanwhile.
    log.messages = log.messages.filter((message) => !message.includes('status of 404'));
  });
});

describe('a file changed on disk meanwhile', () => {
  test('is not overwritten: the save is refused, and the editor offers to reload it', async () => {
    await section('site');
    await field('site.founder').fill('Marcus Hale Jr.');
    const elsewhere = readFileSync(file, 'utf8').replace(/^  tagline: .*$/m, '  tagline: Changed in another editor.');
    writeFileSync(file, elsewhere);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText(/changed on disk since you opened it\. Nothing was saved\./).isVisible()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(elsewhere);
    await page.getByRole('button', { name: 'Reload from disk' }).click();
    await expect.poll(() => field('site.tagline').inputValue()).toBe('Changed in another editor.');
    expect(await field('site.founder').inputValue()).toBe('Marcus Hale');
    // The refused save's answer (409 Conflict) is logged by the browser as a failed request.
    log.messages = log.messages.filter((message) => !message.includes('status of 409'));
  });
});

describe('a file that does not read as YAML', () => {
  test('opens with what is wrong and where, no form and nothing to save; once fixed, Reload shows the form', async () => {
    const broken = tempDir('site-edit-broken-');
    const content = readFileSync(REAL_CONTENT, 'utf8');
    writeFileSync(path.join(broken, 'content.yaml'), content.replace('  email: hello@example.com', '  email: [hello@example.com'));
    const other = await startEditor({ cwd: broken });
    const opened = await openPage(browserOf(), { viewport: { width: 1280, height: 900 } });
    try {
      await opened.page.goto(other.address.href);
      await expect.poll(() => opened.page.getByRole('heading', { name: 'content.yaml cannot be edited in the form' }).isVisible()).toBe(true);
      expect(await opened.page.locator('main').textContent()).toMatch(/Line \d+: flow sequence/);
      expect(await opened.page.locator('[id="field-site.name"]').count()).toBe(0);
      expect(await opened.page.getByRole('button', { name: 'Save', exact: true }).getAttribute('aria-disabled')).toBe('true');
      writeFileSync(path.join(broken, 'content.yaml'), content);
      await opened.page.getByRole('button', { name: 'Reload from disk' }).click();
      await expect.poll(() => opened.page.locator('[id="field-site.name"]').inputValue()).toBe('Young Hustlers Network');
      expect(opened.log.messages).toEqual([]);
    } finally {
      await opened.close();
      await other.stop();
    }
  });
});

describe('accessible', () => {
  test('axe finds no violation in the editor (the preview is the site, checked by accessibility.test.ts)', async () => {
    for (const name of ['site', 'bundles', 'courses', 'pages.faq']) {
      await section(name);
      const results = await new AxeBuilder({ page }).exclude('iframe').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
      expect(results.violations.map((violation) => `${name}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });

  test('by keyboard alone: reach a field, type, undo with Ctrl+Z', async () => {
    await section('agency');
    const name = field('agency.name');
    const before = await name.inputValue();
    await page.locator('body').focus();
    let reached = false;
    for (let step = 0; step < 60 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await name.evaluate((element) => element === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.type(' Ltd');
    expect(await name.inputValue()).toBe(`${before} Ltd`);
    await page.keyboard.press('Control+z');
    await expect.poll(() => name.inputValue()).toBe(before);
  });
});
