import { isNode, isScalar, parseDocument, visit, type Node } from 'yaml';
import { READ, type Patch, type YamlSource } from './yaml-edit.ts';

/*
 * The document of a saved text, from the document it was edited from. Parsing a large
 * content.yaml is the slowest step of a save; a save that only replaced scalar values (a
 * price, a title: most saves) needs no new parse: each replaced scalar takes its new value
 * and style, and every position after a replacement moves by the difference in length.
 * Anything else (an item added, removed or moved; a key added) is parsed again.
 * tests/unit/edit/yaml-edit.test.ts holds the result to a fresh parse.
 */

/**
 * The source of `text`, made from `source` (consumed: its document is changed in place)
 * and the patches that turned its text into `text`; null when a patch did more than
 * replace a scalar, and the text must be parsed again.
 */
export function followEdit(source: YamlSource, patches: readonly Patch[], text: string, data: unknown): YamlSource | null {
  const replaced: { patch: Patch; node: Node }[] = [];
  for (const patch of patches) {
    const node = patch.scalar;
    // An anchored or tagged scalar: the patch may not cover what a parse would; parse again.
    if (!node || node.anchor || node.tag || patch.start >= patch.end) return null;
    const written = parseDocument(patch.text, READ);
    if (written.errors.length > 0 || !isScalar(written.contents) || written.contents.range![0] !== 0 || written.contents.range![1] !== patch.text.length) return null;
    replaced.push({ patch, node: written.contents });
  }
  // The shift of a position: the change in length of every replacement that ends at or
  // before it (the patches are in order, and do not overlap).
  const ends = replaced.map(({ patch }) => patch.end);
  const shifts: number[] = [0];
  for (const { patch } of replaced) shifts.push(shifts[shifts.length - 1]! + patch.text.length - (patch.end - patch.start));
  const shift = (at: number): number => {
    let low = 0;
    let high = ends.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ends[middle]! <= at) low = middle + 1;
      else high = middle;
    }
    return at + shifts[low]!;
  };
  const moveRange = (holder: { range?: [number, number, number] | null }) => {
    if (holder.range) holder.range = [shift(holder.range[0]), shift(holder.range[1]), shift(holder.range[2])];
  };
  moveRange(source.doc);
  visit(source.doc, (_key, node) => {
    if (isNode(node)) moveRange(node);
  });
  for (const { patch, node } of replaced) {
    const scalar = patch.scalar!;
    const written = node as typeof scalar;
    scalar.value = written.value;
    scalar.source = written.source;
    scalar.type = written.type;
    scalar.format = written.format;
  }
  return { text, doc: source.doc, data };
}
