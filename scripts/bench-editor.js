// `site edit`'s figures, for bench-dev.js: in a project folder, medians of `runs` runs of
//   - open: from spawning `site edit --port 0` to the form usable in Chromium at the printed
//     address (the first section's first field shown and enabled); of which, until it prints it;
//   - keystroke: one character typed into a field the previewed page shows, to the preview's
//     iframe holding the new text (a book's title on /ebooks; at 10,000 courses, the middle
//     course's title on its page, the course found by the list's search); and the draft's
//     request, whose answer (problems, computed values) waits for the whole build;
//   - save: from the click on Save to "Saved" shown, the file on disk holding the edit; of
//     which, the request's round trip.
// Times inside the page are taken by the page's own clock (the keydown or click event to the
// frame that shows the outcome), so Playwright's round trips are not counted.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The first field of the first section (Site), which the editor opens on. */
const FIRST_FIELD = 'field-site.name';

/** Starts `site edit --port 0` in `dir`; resolves with its printed address once it prints it. */
async function startEditor({ dir, bin, env }) {
  const child = spawn(process.execPath, [bin, 'edit', '--port', '0'], { cwd: dir, env });
  let output = '';
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const address = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill(), reject(new Error(`site edit printed no address in 60 s:\n${output}`))), 60_000);
    const look = () => {
      const match = /http:\/\/127\.0\.0\.1:\d+\/_edit\/\?token=[\w-]+/.exec(output);
      if (match) (clearTimeout(timer), resolve(match[0]));
    };
    child.stdout.on('data', (chunk) => ((output += chunk), look()));
    child.stderr.on('data', (chunk) => (output += chunk));
    exited.then((code) => (clearTimeout(timer), reject(new Error(`site edit exited with ${code}:\n${output}`))));
  });
  // Ctrl+C; it exits once the preview's first build is done, so the next run starts on an idle machine.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
  };
  return { address, stop };
}

/** Ms from spawning `site edit` to its form usable in a fresh tab, and to its address printed; the editor is left running. */
async function timeOpen(browser, project) {
  // The browser is open already, a fresh tab (no cookie, no cache) waiting.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const started = performance.now();
  const editor = await startEditor(project);
  const printed = performance.now() - started;
  try {
    await page.goto(editor.address);
    await page.waitForFunction(
      (id) => {
        const field = document.getElementById(id);
        return field !== null && !field.disabled && field.checkVisibility();
      },
      FIRST_FIELD,
      { timeout: 60_000 },
    );
  } catch (error) {
    await editor.stop();
    throw error;
  }
  return { ms: performance.now() - started, printed, editor, page };
}

/** Resolves once the preview's iframe is at `pathname` and holds `text`. */
async function previewShows(page, pathname, text) {
  await page.waitForFunction(
    ({ pathname, text }) => {
      const frame = document.querySelector('iframe.preview__frame');
      return frame?.contentWindow?.location.pathname === pathname && (frame.contentDocument?.documentElement?.textContent ?? '').includes(text);
    },
    { pathname, text },
    { timeout: 60_000 },
  );
}

/**
 * Opens the field to type in, with the preview on the page that shows it: the first book's
 * title on /ebooks, or (`course` given) that course's title on its page, found by search.
 */
async function openField(page, course) {
  const nav = page.getByRole('navigation', { name: 'Sections of content.yaml' });
  if (!course) {
    await nav.locator('a[href="#books"]').click();
    await page.locator('[id="field-books.0"]').click();
    return { field: page.locator('[id="field-books.0.title"]'), pathname: '/ebooks' };
  }
  await nav.locator('a[href="#courses"]').click();
  const index = course.id - 1;
  await page.getByLabel('Search courses').fill(course.title);
  await page.locator(`[id="field-courses.${index}"]`).click();
  return { field: page.locator(`[id="field-courses.${index}.title"]`), pathname: `/course/${course.id}` };
}

/**
 * Ms from the keydown of one character in `field` to the first frame in which the preview's
 * document holds the field's new value; and the POST /_edit/api/draft request's round trip
 * (the draft goes to the server as the key is pressed, see ui/use-draft.ts; the preview's
 * page reloads itself as its build starts and gets its page once that page is rendered,
 * while the answer waits for the whole build, so the request may end after the preview shows it).
 */
async function timeKeystroke(page, field, character) {
  const text = (await field.inputValue()) + character;
  await field.focus();
  await field.press('End');
  await page.evaluate((text) => {
    // The browser keeps 250 resource timings by default: the last request is looked up among this run's.
    performance.clearResourceTimings();
    window.benchKeystroke = new Promise((resolve) => {
      document.addEventListener(
        'keydown',
        (event) => {
          const pressed = event.timeStamp;
          const look = () => {
            const frame = document.querySelector('iframe.preview__frame');
            if ((frame?.contentDocument?.documentElement?.textContent ?? '').includes(text)) resolve({ ms: performance.now() - pressed });
            else requestAnimationFrame(look);
          };
          look();
        },
        { capture: true, once: true },
      );
    });
  }, text);
  await field.press(character);
  const { ms } = await page.evaluate(() => window.benchKeystroke);
  const draft = () => performance.getEntriesByType('resource').findLast((entry) => entry.name.endsWith('/_edit/api/draft'))?.duration;
  await page.waitForFunction(draft);
  return { ms, request: await page.evaluate(draft), text };
}

/** Resolves once the preview's page has loaded (its scripts, images and hydration included) and a moment more. */
async function previewSettled(page) {
  await page.waitForFunction(() => document.querySelector('iframe.preview__frame')?.contentDocument?.readyState === 'complete');
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/**
 * Ms from the click on Save to the frame showing "Saved" and "All changes saved"; and of
 * that, the POST /_edit/api/save request's own round trip.
 */
async function timeSave(page) {
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.evaluate((button) => {
    performance.clearResourceTimings();
    window.benchSave = new Promise((resolve) => {
      button.addEventListener(
        'click',
        (event) => {
          const clicked = event.timeStamp;
          const look = () => {
            const saved = /^Saved/.test(document.querySelector('.bar [role="status"]')?.textContent ?? '') && document.querySelector('.bar__saved')?.textContent === 'All changes saved';
            const request = performance.getEntriesByType('resource').findLast((entry) => entry.name.endsWith('/_edit/api/save'));
            if (saved) resolve({ ms: performance.now() - clicked, request: request?.duration ?? NaN });
            else requestAnimationFrame(look);
          };
          look();
        },
        { capture: true, once: true },
      );
    });
  });
  await save.click();
  return page.evaluate(() => window.benchSave);
}

/**
 * `site edit` timed in the project copy `dir` (its content.yaml is edited and saved). `course`
 * ({ id, title }) for synthetic content: the course to edit. Resolves with each run's ms.
 */
export async function benchEditor({ dir, bin, env, browser, runs, course }) {
  const project = { dir, bin, env };
  const open = [];
  const printed = [];
  // The first start compiles what this process has not run yet; not counted.
  for (let run = 0; run <= runs; run += 1) {
    const opened = await timeOpen(browser, project);
    const { editor, page } = opened;
    if (run > 0) (open.push(opened.ms), printed.push(opened.printed));
    await page.close();
    await editor.stop();
  }

  const { editor, page } = await timeOpen(browser, project);
  try {
    const { field, pathname } = await openField(page, course);
    await previewShows(page, pathname, await field.inputValue());
    const contentFile = path.join(dir, 'content.yaml');
    const keystroke = [];
    const draftRequest = [];
    const save = [];
    const saveRequest = [];
    // Each run types one letter, waits for the preview, and saves it: the first warms the JIT.
    for (let run = 0; run <= runs; run += 1) {
      const typed = await timeKeystroke(page, field, 'abcdefghijklmnopqrstuvwxyz'[run % 26]);
      await previewSettled(page);
      const saved = await timeSave(page);
      if (!readFileSync(contentFile, 'utf8').includes(`title: ${typed.text}\n`)) throw new Error(`the save did not write "${typed.text}" into content.yaml`);
      if (run > 0) (keystroke.push(typed.ms), draftRequest.push(typed.request), save.push(saved.ms), saveRequest.push(saved.request));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return { open, printed, keystroke, draftRequest, save, saveRequest };
  } finally {
    await page.close();
    await editor.stop();
  }
}
