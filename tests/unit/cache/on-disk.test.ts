import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { clearForFile, makeFolder, removeFile, statOf } from '../../../generator/cache/on-disk.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * The folders a build keeps (its cache, out/ and the spare) may be damaged by hand: a file
 * where a folder goes, a folder where a file goes, a named pipe where a file was. What the
 * build does at such a path is put it right, or read nothing; never fail, never wait.
 */

const dir = tempDir('site-on-disk-');

test('a file where a folder goes: nothing there below it, made a folder when one is needed; a folder where a file goes: cleared, removed', () => {
  writeFileSync(path.join(dir, 'a-file'), 'x');
  expect(statOf(path.join(dir, 'a-file', 'below'))).toBeUndefined();
  removeFile(path.join(dir, 'a-file', 'below'));
  makeFolder(path.join(dir, 'a-file'));
  expect(statSync(path.join(dir, 'a-file')).isDirectory()).toBe(true);

  mkdirSync(path.join(dir, 'a-folder', 'inside'), { recursive: true });
  clearForFile(path.join(dir, 'a-folder'));
  expect(existsSync(path.join(dir, 'a-folder'))).toBe(false);
  writeFileSync(path.join(dir, 'kept'), 'kept');
  clearForFile(path.join(dir, 'kept'));
  expect(readFileSync(path.join(dir, 'kept'), 'utf8')).toBe('kept');
  mkdirSync(path.join(dir, 'another', 'inside'), { recursive: true });
  removeFile(path.join(dir, 'another'));
  expect(existsSync(path.join(dir, 'another'))).toBe(false);
});

test.runIf(process.platform !== 'win32')('a named pipe where a file of the cache was (the record, a stored page) is read as nothing, never waited on', () => {
  const cache = path.join(dir, 'cache');
  const store = path.join(cache, 'store', 'ab');
  mkdirSync(store, { recursive: true });
  const id = 'ab'.repeat(20);
  for (const file of [path.join(cache, 'record.json'), path.join(store, id)]) expect(spawnSync('mkfifo', [file]).status).toBe(0);
  // In a process of its own: were a read to wait for a writer, this test would end at the
  // timeout rather than hold up every test after it.
  const generator = path.resolve(import.meta.dirname, '../../../generator');
  const script = `import { readRecord } from ${JSON.stringify(path.join(generator, 'cache/build-record.ts'))};
import { openFileStore } from ${JSON.stringify(path.join(generator, 'cache/file-store.ts'))};
import { readFileNow } from ${JSON.stringify(path.join(generator, 'cache/on-disk.ts'))};
const [cache, id] = process.argv.slice(1);
console.log(JSON.stringify({ record: readRecord(cache, (warning) => console.log(warning)), stored: openFileStore(cache + '/store').read(id), bytes: readFileNow(cache + '/record.json').length }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, cache, id], { encoding: 'utf8', timeout: 30_000 });
  expect(child.stderr).toBe('');
  const [warning, result] = child.stdout.trim().split('\n');
  expect(warning).toMatch(/^the build cache in .* cannot be read \(record\.json is not JSON\); building every page afresh/);
  expect(JSON.parse(result!)).toEqual({ record: null, stored: null, bytes: 0 });
});
