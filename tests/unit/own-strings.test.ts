import v8 from 'node:v8';
import { describe, expect, test } from 'vitest';
import { collectAll } from '../../generator/heap-pacer.ts';
import { copyWithOwnStrings, ownSlice, ownString } from '../../generator/own-strings.ts';

/**
 * Heap bytes held by 100 strings of 10,000 characters cut from a 1.3 million-character
 * text with one character beyond Latin-1 (two bytes per character), each passed through
 * `copy`, once the text itself is garbage.
 */
function heldBy(copy: (text: string) => string): number {
  collectAll();
  const before = v8.getHeapStatistics().used_heap_size;
  const kept = (() => {
    const file = `${'course title '.repeat(100_000)}…`;
    return Array.from({ length: 100 }, (_, index) => copy(file.slice(index, index + 10_000)));
  })();
  collectAll();
  const held = v8.getHeapStatistics().used_heap_size - before;
  expect(kept[3]).toBe('course title '.repeat(800).slice(3, 10_003));
  return held;
}

describe('strings of their own', () => {
  test('a deep copy: equal data, maps and sets included, nothing shared; anything but plain data is refused', () => {
    const data = { site: { title: 'Young Hustlers…' }, courses: [{ id: 1, tags: new Set(['a']), free: true, note: null, gone: undefined }], byId: new Map([[1, { title: 'One' }]]) };
    const copy = copyWithOwnStrings(data);
    expect(copy).toEqual(data);
    expect(copy.courses[0]).not.toBe(data.courses[0]);
    expect(copy.byId.get(1)).not.toBe(data.byId.get(1));
    expect(Object.keys(copy.courses[0]!)).toEqual(Object.keys(data.courses[0]!));
    expect(() => copyWithOwnStrings({ when: new Date(0) })).toThrow(/Date/);
  });

  test('text cut from a file with one character beyond Latin-1 takes one byte per character, and does not keep the file alive', () => {
    // As cut, every string is a view of the whole text; copied as is, two bytes per character.
    expect(heldBy((text) => text)).toBeGreaterThan(2 * 2 ** 20);
    // ownSlice lets the text go but keeps two bytes per character; ownString, one.
    const sliced = heldBy(ownSlice);
    expect(sliced).toBeGreaterThan(1.8 * 100 * 10_000);
    expect(sliced).toBeLessThan(2.3 * 100 * 10_000);
    expect(heldBy(ownString)).toBeLessThan(1.2 * 100 * 10_000);
    expect(ownString('Young Hustlers…')).toBe('Young Hustlers…');
  });
});
