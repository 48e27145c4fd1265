import { expect, test } from 'vitest';
import { RecordedFiles, SiteFiles } from '../../../generator/pipeline/file-table.ts';

/** A small deterministic generator, so a failure names a sequence that can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const entries = (table: Iterable<[string, string]>) => [...table].sort(([a], [b]) => a.localeCompare(b));

test("a build's file table answers as a plain map of its files would, whatever it shares with the last build's", () => {
  for (let seed = 1; seed <= 20; seed += 1) {
    const next = random(seed);
    const paths = Array.from({ length: 40 }, (_, index) => `page-${index}/index.html`);
    const ids = paths.map((_, index) => `id-${index}`);
    const last = new RecordedFiles(paths, [...ids]);
    const expected = new Map<string, string>();
    const site = new SiteFiles(last);
    for (let step = 0; step < 120; step += 1) {
      const file = next() < 0.8 ? paths[Math.floor(next() * paths.length)]! : `new-${Math.floor(next() * 10)}.html`;
      // Mostly the last build's bytes; sometimes other bytes, sometimes the last build's again after others.
      const index = paths.indexOf(file);
      const id = index >= 0 && next() < 0.7 ? ids[index]! : `other-${Math.floor(next() * 3)}`;
      site.set(file, id);
      expected.set(file, id);
    }
    expect(site.size).toBe(expected.size);
    expect(entries(site)).toEqual(entries(expected));
    expect([...site.keys()].sort()).toEqual([...expected.keys()].sort());
    expect([...site.values()].sort()).toEqual([...expected.values()].sort());
    for (const file of [...paths, 'new-3.html', 'never.html']) {
      expect(site.get(file)).toBe(expected.get(file));
      expect(site.has(file)).toBe(expected.has(file));
    }
  }
});

test("the last build's table takes its record's changes: files added, given new bytes, removed", () => {
  const last = new RecordedFiles(['a.html', 'b.html', 'c.html'], ['1', '2', '3']);
  last.set('b.html', '2b');
  last.set('d.html', '4');
  last.delete('a.html');
  expect(entries(last)).toEqual([
    ['b.html', '2b'],
    ['c.html', '3'],
    ['d.html', '4'],
  ]);
  expect(last.size).toBe(3);
  expect(last.has('a.html')).toBe(false);
  // A build over it sees the changed record, not the lists it was read from.
  const site = new SiteFiles(last).set('b.html', '2b').set('d.html', '4').set('a.html', '1');
  expect(entries(site)).toEqual([
    ['a.html', '1'],
    ['b.html', '2b'],
    ['d.html', '4'],
  ]);
});

test('a first build, with no table before it, keeps every file itself', () => {
  const site = new SiteFiles(null).set('index.html', 'x').set('about/index.html', 'y').set('index.html', 'z');
  expect(site.size).toBe(2);
  expect(entries(site)).toEqual([
    ['about/index.html', 'y'],
    ['index.html', 'z'],
  ]);
});
