import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { digest, digestFile } from '../../../generator/cache/digest.ts';
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
