import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import { describe, expect, test } from 'vitest';
import { collectAll, createHeapPacer } from '../../generator/heap-pacer.ts';
import { tempDir } from '../helpers/temp.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('the heap pacer between render batches', () => {
  test('collects only once the heap has grown by the headroom since the last collection, then measures afresh', () => {
    let used = 100 * 2 ** 20;
    const collected: number[] = [];
    const pacer = createHeapPacer({ headroomMb: 32, usedBytes: () => used, collect: () => collected.push((used = 110 * 2 ** 20)) });
    used = 131 * 2 ** 20; // grown 31 MB: not yet
    pacer.afterWork();
    expect(collected).toHaveLength(0);
    used = 133 * 2 ** 20; // grown 33 MB: collect; the floor is now 110 MB
    pacer.afterWork();
    expect(collected).toHaveLength(1);
    used = 140 * 2 ** 20; // 30 MB over the new floor: not yet
    pacer.afterWork();
    expect(pacer.collections).toBe(1);
    used = 143 * 2 ** 20;
    pacer.afterWork();
    expect(pacer.collections).toBe(2);
  });

  test("V8's own collector frees a batch's garbage, and no flag stays changed (the launcher's code cache is checked against them)", () => {
    const pacer = createHeapPacer({ headroomMb: 8 });
    let garbage: string[] | null = Array.from({ length: 200_000 }, (_, index) => `page ${index} `.repeat(16));
    expect(garbage.length).toBe(200_000);
    const before = v8.getHeapStatistics().used_heap_size;
    garbage = null;
    pacer.afterWork();
    expect(pacer.collections).toBe(1);
    expect(before - v8.getHeapStatistics().used_heap_size).toBeGreaterThan(20 * 2 ** 20);
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });

  test('counts the bytes held outside the heap that the caller reports: pages kept as Buffers are freed with their objects', () => {
    const used = 100 * 2 ** 20;
    const pacer = createHeapPacer({ headroomMb: 16, usedBytes: () => used, collect: () => {} });
    for (let page = 0; page < 1600; page += 1) pacer.afterWork(10_000); // 15.3 MB of pages: not yet
    expect(pacer.collections).toBe(0);
    for (let page = 0; page < 100; page += 1) pacer.afterWork(10_000); // 16.2 MB: collect, and count afresh
    expect(pacer.collections).toBe(1);
    for (let page = 0; page < 1600; page += 1) pacer.afterWork(10_000);
    expect(pacer.collections).toBe(1);
  });

  test('a collection frees the bytes Buffers hold outside the heap', () => {
    const pacer = createHeapPacer({ headroomMb: 8 });
    const outside = () => process.memoryUsage().arrayBuffers;
    let pages: Buffer[] | null = Array.from({ length: 2000 }, (_, index) => Buffer.from(`<p>page ${index}</p>`.repeat(700)));
    const before = outside();
    expect(pages.length).toBe(2000);
    pages = null;
    pacer.afterWork(20 * 2 ** 20);
    expect(pacer.collections).toBe(1);
    expect(before - outside()).toBeGreaterThan(16 * 2 ** 20);
  });
});

describe('the heap between build stages', () => {
  const dir = tempDir('site-heap-');

  test('collectAll frees what just became garbage, and leaves no flag changed', () => {
    let garbage: string[] | null = Array.from({ length: 200_000 }, (_, index) => `row ${index} `.repeat(16));
    expect(garbage.length).toBe(200_000);
    const before = v8.getHeapStatistics().used_heap_size;
    garbage = null;
    collectAll();
    expect(before - v8.getHeapStatistics().used_heap_size).toBeGreaterThan(20 * 2 ** 20);
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });

  test('holdYoungGeneration keeps the young generation from growing until released, then V8 grows it again', async () => {
    // A fresh process: this one's young generation has long grown to its largest.
    await esbuild.build({ entryPoints: [path.join(ROOT, 'generator', 'heap-pacer.ts')], bundle: true, platform: 'node', format: 'esm', outfile: path.join(dir, 'heap-pacer.mjs'), logLevel: 'silent' });
    const script = path.join(dir, 'young.mjs');
    writeFileSync(
      script,
      `import v8 from 'node:v8';
import { holdYoungGeneration } from './heap-pacer.mjs';
const young = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
// Objects that live a little while, as a build's do: V8 grows the young generation for them.
const churn = () => { const keep = []; for (let i = 0; i < 3e6; i += 1) { keep.push({ i, text: 'x' + i }); if (keep.length > 200000) keep.splice(0, 100000); } };
const start = young();
const release = holdYoungGeneration();
churn();
const held = young();
release();
churn();
console.log(JSON.stringify({ start, held, released: young() }));
`,
    );
    const sizes = JSON.parse(execFileSync(process.execPath, [script], { encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL' })) as { start: number; held: number; released: number };
    expect(sizes.held).toBeLessThanOrEqual(2 * sizes.start);
    expect(sizes.released).toBeGreaterThanOrEqual(8 * sizes.held);
  });
});
