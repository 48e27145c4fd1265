import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { digest, digestFile, holdsIdentity } from '../../../generator/cache/digest.ts';
import { tempDir } from '../../helpers/temp.ts';

const dir = tempDir('site-digest-');

test("a file's digest, read a piece at a time, is the digest of its bytes: larger than a piece, exactly one, or empty", () => {
  for (const size of [300_000, 65_536, 0]) {
    const bytes = randomBytes(size);
    const file = path.join(dir, `file-${size}`);
    writeFileSync(file, bytes);
    expect(digestFile(file)).toBe(digest(bytes));
  }
  expect(digestFile(path.join(dir, 'file-300000'))).not.toBe(digestFile(path.join(dir, 'file-65536')));
});

test.runIf(process.platform !== 'win32')('a named pipe where a file was expected is read as empty, never waited on', () => {
  const pipe = path.join(dir, 'pipe');
  expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
  // In a process of its own: were the read to wait for a writer, this test would end at the
  // timeout rather than hold up every test after it.
  const script = `import { digestFile, holdsIdentity } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../../generator/cache/digest.ts'))}; console.log(digestFile(process.argv[1]), holdsIdentity(process.argv[1], '${digest('')}'));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, pipe], { encoding: 'utf8', timeout: 30_000 });
  expect(child.stderr).toBe('');
  expect(child.stdout.trim()).toBe(`${digest('')} false`);
  // And holdsIdentity never even opens it: it is not a regular file.
  expect(holdsIdentity(pipe, digest(''))).toBe(false);
});
