import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { digest } from '../../../generator/pipeline/digest.ts';
import { openFileStore, type StoreIndex } from '../../../generator/pipeline/file-store.ts';
import { tempDir } from '../../helpers/temp.ts';

/** A page's bytes and its identity. */
const page = (text: string) => ({ id: digest(text), text });
const packsIn = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('pack-'));

describe('the file store, build after build', () => {
  test('files added by one build are read back by the next from its index; a pack mostly dead moves its live files and goes', () => {
    const dir = tempDir('site-store-');
    const pages = Array.from({ length: 6 }, (_, index) => page(`<p>page ${index}</p>`.repeat(index + 1)));

    // First build: six pages, one pack.
    const first = openFileStore(dir, null);
    for (const { id, text } of pages) first.add(id, text);
    first.add(pages[0]!.id, pages[0]!.text); // known already: not stored twice
    expect(first.read(pages[2]!.id)?.toString()).toBe(pages[2]!.text);
    const one = first.finish(new Set(pages.map(({ id }) => id)));
    one.removeUnused();
    expect(one.index.ids).toEqual(pages.map(({ id }) => id));
    expect(packsIn(dir)).toHaveLength(1);

    // Second build: two pages stay, one is new; the first pack is now mostly dead.
    const second = openFileStore(dir, one.index);
    for (const { id, text } of pages) expect(second.read(id)?.toString()).toBe(text);
    const added = page('<p>a new page</p>');
    second.add(added.id, added.text);
    const live = new Set([pages[0]!.id, pages[1]!.id, added.id]);
    const two: { index: StoreIndex; removeUnused: () => void } = second.finish(live);
    two.removeUnused();
    expect(new Set(two.index.ids)).toEqual(live);
    // The first pack went; its two live pages were moved to the second build's.
    expect(packsIn(dir)).toHaveLength(1);
    expect(packsIn(dir).filter((name) => one.index.packs.includes(name))).toEqual([]);

    // Third build reads every live page from the new pack alone.
    const third = openFileStore(dir, two.index);
    for (const { id, text } of [pages[0]!, pages[1]!, added]) expect(third.read(id)?.toString()).toBe(text);
    expect(third.read(pages[5]!.id)).toBeNull();
    third.close();
  });

  test('a file whose bytes were damaged on disk reads as missing, never as other bytes', () => {
    const dir = tempDir('site-store-');
    const store = openFileStore(dir, null);
    const stored = page('<p>kept</p>');
    store.add(stored.id, stored.text);
    const { index } = store.finish(new Set([stored.id]));
    writeFileSync(path.join(dir, index.packs[0]!), 'X'.repeat(stored.text.length));
    expect(openFileStore(dir, index).read(stored.id)).toBeNull();
  });
});
