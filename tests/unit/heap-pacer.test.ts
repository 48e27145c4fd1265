import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, test } from 'vitest';
import { createHeapPacer } from '../../generator/heap-pacer.ts';

describe('the heap pacer between render batches', () => {
  test('collects only once the heap has grown by the headroom since the last collection, then measures afresh', () => {
    let used = 100 * 2 ** 20;
    const collected: number[] = [];
    const pacer = createHeapPacer({ headroomMb: 32, usedBytes: () => used, collect: () => collected.push((used = 110 * 2 ** 20)) });
    used = 131 * 2 ** 20; // grown 31 MB: not yet
    pacer.afterBatch();
    expect(collected).toHaveLength(0);
    used = 133 * 2 ** 20; // grown 33 MB: collect; the floor is now 110 MB
    pacer.afterBatch();
    expect(collected).toHaveLength(1);
    used = 140 * 2 ** 20; // 30 MB over the new floor: not yet
    pacer.afterBatch();
    expect(pacer.collections).toBe(1);
    used = 143 * 2 ** 20;
    pacer.afterBatch();
    expect(pacer.collections).toBe(2);
  });

  test("V8's own collector frees a batch's garbage, and no flag stays changed (the launcher's code cache is checked against them)", () => {
    const pacer = createHeapPacer({ headroomMb: 8 });
    let garbage: string[] | null = Array.from({ length: 200_000 }, (_, index) => `page ${index} `.repeat(16));
    expect(garbage.length).toBe(200_000);
    const before = v8.getHeapStatistics().used_heap_size;
    garbage = null;
    pacer.afterBatch();
    expect(pacer.collections).toBe(1);
    expect(before - v8.getHeapStatistics().used_heap_size).toBeGreaterThan(20 * 2 ** 20);
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });
});
