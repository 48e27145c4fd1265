import { existsSync, linkSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { digest } from '../../../generator/cache/digest.ts';
import { openFileStore } from '../../../generator/cache/file-store.ts';
import { tempDir } from '../../helpers/temp.ts';

/** A page file written in `dir`, with its identity (the hash of its bytes). */
function pageFile(dir: string, name: string, text: string) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return { file, id: digest(text), text };
}

describe('the file store: pages\' files by the hash of their bytes', () => {
  test('a file kept is read back by its identity, in a store opened anew (the next build); kept twice, it is one file', () => {
    const dir = tempDir('site-store-');
    const out = path.join(dir, 'out');
    const pages = ['<p>one</p>', '<p>two</p>', '<p>three</p>'].map((text, index) => pageFile(out, `${index}.html`, text));
    const store = openFileStore(path.join(dir, 'store'));
    for (const { id, file } of pages) store.keep(id, file);
    store.keep(pages[0]!.id, pages[0]!.file);
    const next = openFileStore(path.join(dir, 'store'));
    for (const { id, text } of pages) expect(next.read(id)?.toString()).toBe(text);
    expect(readdirSync(path.join(dir, 'store'), { recursive: true }).filter((name) => String(name).length > 2)).toHaveLength(3);
    expect(next.read(digest('<p>never kept</p>'))).toBeNull();
  });

  test('a file kept is a link to out/\'s file where the file system allows (no second copy of the site)', () => {
    const dir = tempDir('site-store-');
    const page = pageFile(path.join(dir, 'out'), 'index.html', '<p>linked</p>');
    const store = openFileStore(path.join(dir, 'store'));
    store.keep(page.id, page.file);
    expect(statSync(store.pathOf(page.id)).ino).toBe(statSync(page.file).ino);
  });

  test('a stored file whose bytes were damaged reads as missing, never as other bytes; so does a name that is not a hash', () => {
    const dir = tempDir('site-store-');
    const page = pageFile(path.join(dir, 'out'), 'index.html', '<p>kept</p>');
    const store = openFileStore(path.join(dir, 'store'));
    store.keep(page.id, page.file);
    // Damaged through the link too: out/'s file is the stored one.
    writeFileSync(store.pathOf(page.id), 'X'.repeat(page.text.length));
    expect(store.read(page.id)).toBeNull();
    expect(store.read('../../etc/passwd')).toBeNull();
  });

  test('remove lets go of the files named; prune keeps only those asked for and clears anything else in the folder', () => {
    const dir = tempDir('site-store-');
    const out = path.join(dir, 'out');
    const pages = ['a', 'b', 'c', 'd'].map((text) => pageFile(out, `${text}.html`, text));
    const storeDir = path.join(dir, 'store');
    const store = openFileStore(storeDir);
    for (const { id, file } of pages) store.keep(id, file);
    store.remove([pages[0]!.id]);
    expect(store.read(pages[0]!.id)).toBeNull();
    expect(store.read(pages[1]!.id)?.toString()).toBe('b');
    mkdirSync(path.join(storeDir, 'not-a-store-folder'));
    linkSync(pages[3]!.file, path.join(storeDir, pages[3]!.id.slice(0, 2), `${pages[3]!.id}.123.tmp`));
    store.prune(new Set([pages[2]!.id]));
    expect(store.read(pages[1]!.id)).toBeNull();
    expect(store.read(pages[2]!.id)?.toString()).toBe('c');
    expect(existsSync(path.join(storeDir, 'not-a-store-folder'))).toBe(false);
    expect(readdirSync(storeDir, { recursive: true }).filter((name) => String(name).length > 2)).toEqual([path.join(pages[2]!.id.slice(0, 2), pages[2]!.id)]);
    // A file of out/ the store let go of is still out/'s.
    expect(existsSync(pages[1]!.file)).toBe(true);
    rmSync(storeDir, { recursive: true });
  });

  test('a file where a folder of the store goes (a damaged cache) reads as missing, is replaced when a page is kept there, and is pruned otherwise', () => {
    const dir = tempDir('site-store-');
    const storeDir = path.join(dir, 'store');
    const [kept, other] = ['<p>kept</p>', '<p>other</p>'].map((text, index) => pageFile(path.join(dir, 'out'), `${index}.html`, text));
    mkdirSync(storeDir);
    for (const { id } of [kept!, other!]) writeFileSync(path.join(storeDir, id.slice(0, 2)), 'not a folder');
    const store = openFileStore(storeDir);
    expect(store.read(other!.id)).toBeNull();
    store.remove([other!.id]);
    store.keep(kept!.id, kept!.file);
    expect(store.read(kept!.id)?.toString()).toBe('<p>kept</p>');
    store.prune(new Set([kept!.id]));
    expect(readdirSync(storeDir, { recursive: true }).filter((name) => String(name).length > 2)).toEqual([path.join(kept!.id.slice(0, 2), kept!.id)]);
  });

  test('a folder where a stored file goes reads as missing, is replaced when that file is kept, and is removed with it', () => {
    const dir = tempDir('site-store-');
    const store = openFileStore(path.join(dir, 'store'));
    const [one, two] = ['<p>one</p>', '<p>two</p>'].map((text, index) => pageFile(path.join(dir, 'out'), `${index}.html`, text));
    for (const { id } of [one!, two!]) mkdirSync(path.join(store.pathOf(id), 'inside'), { recursive: true });
    expect(store.read(one!.id)).toBeNull();
    store.keep(one!.id, one!.file);
    expect(store.read(one!.id)?.toString()).toBe('<p>one</p>');
    store.remove([two!.id]);
    expect(existsSync(store.pathOf(two!.id))).toBe(false);
  });
});
