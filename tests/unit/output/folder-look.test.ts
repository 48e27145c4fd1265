import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { digestFile } from '../../../generator/cache/digest.ts';
import { lookAtFolder, type FolderLook } from '../../../generator/output/folder-look.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * A spare known only by its bytes is read by a worker thread while the build goes on
 * (generator/output/folder-look.ts). What it tells must be what the build would find by
 * reading each file itself: every entry, and the identity of each regular file only.
 */

/** The look's entries, once it has told them all. */
async function lookedAt(look: FolderLook): Promise<string[]> {
  for (;;) {
    const entries = look.entries();
    if (entries) return entries.sort();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('a look tells every entry of a folder, and the identity of each regular file as digestFile makes it', async () => {
  const dir = tempDir('site-look-');
  mkdirSync(path.join(dir, 'course', '7'), { recursive: true });
  mkdirSync(path.join(dir, 'empty'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(path.join(dir, 'course', '7', 'index.html'), 'x'.repeat(200_000));
  symlinkSync(path.join(dir, 'index.html'), path.join(dir, 'link.html'));
  // A named pipe is never opened: reading it would block the look for good.
  const pipe = spawnSync('mkfifo', [path.join(dir, 'pipe')]).status === 0;
  // Any name a file system allows, told as it is.
  writeFileSync(path.join(dir, 'odd\tname\nhere.html'), 'odd');
  // More entries than one message holds.
  mkdirSync(path.join(dir, 'many'));
  for (let index = 0; index < 1500; index += 1) writeFileSync(path.join(dir, 'many', `${index}.txt`), String(index));

  const look = lookAtFolder(dir);
  try {
    const entries = await lookedAt(look);
    expect(entries).toEqual(
      expect.arrayContaining(['course', 'course/7', 'course/7/index.html', 'empty', 'index.html', 'link.html', 'many', 'many/0.txt', 'many/1499.txt', 'odd\tname\nhere.html', ...(pipe ? ['pipe'] : [])]),
    );
    expect(entries).toHaveLength(8 + 1500 + (pipe ? 1 : 0));
    expect(look.identityOf('index.html')).toBe(digestFile(path.join(dir, 'index.html')));
    expect(look.identityOf('course/7/index.html')).toBe(digestFile(path.join(dir, 'course', '7', 'index.html')));
    expect(look.identityOf('many/1499.txt')).toBe(digestFile(path.join(dir, 'many', '1499.txt')));
    expect(look.identityOf('odd\tname\nhere.html')).toBe(digestFile(path.join(dir, 'odd\tname\nhere.html')));
    // Not regular files, or not there: no identity, so the build writes the file anew.
    for (const other of ['link.html', 'course', 'empty', 'missing.html', ...(pipe ? ['pipe'] : [])]) expect(look.identityOf(other), other).toBe('');
  } finally {
    look.stop();
  }
});
