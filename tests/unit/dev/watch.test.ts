import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { watchPaths } from '../../../generator/dev/watch.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * What `site dev` notices: every save of content.yaml, even after the file was deleted and
 * made again (a branch switched, an editor that saves by replacing the file), and nothing
 * of the other files beside it.
 */

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

/** Watches `paths`; `next(file)` resolves with every path reported until a batch names `file`. */
async function watching(paths: string[]) {
  const reported: string[] = [];
  let waiting: { file: string; resolve: (paths: string[]) => void } | undefined;
  const watcher = watchPaths({
    paths,
    onChange: async (changed) => {
      reported.push(...changed);
      if (waiting && changed.has(waiting.file)) {
        waiting.resolve(reported.splice(0));
        waiting = undefined;
      }
    },
  });
  close = watcher.close;
  await watcher.ready;
  return { next: (file: string) => new Promise<string[]>((resolve) => (waiting = { file, resolve })) };
}

test('a content file deleted and made again is still watched; the files beside it are not', async () => {
  const dir = tempDir('site-watch-');
  const file = path.join(dir, 'content.yaml');
  writeFileSync(file, 'a: 1\n');
  mkdirSync(path.join(dir, 'site'));
  const watch = await watching([file, path.join(dir, 'site')]);

  let seen = watch.next(file);
  rmSync(file);
  expect(await seen).toContain(file);

  seen = watch.next(file);
  writeFileSync(file, 'a: 2\n');
  expect(await seen).toContain(file);

  // Saved again in place, after a file beside it changed: only the content file is reported.
  seen = watch.next(file);
  writeFileSync(path.join(dir, 'notes.txt'), 'not content');
  writeFileSync(file, 'a: 3\n');
  expect(await seen).toEqual([file]);

  // A watched folder still reports what changes in it.
  const component = path.join(dir, 'site', 'Header.tsx');
  seen = watch.next(component);
  writeFileSync(component, 'export {};\n');
  expect(await seen).toEqual([component]);
});
