import { parseDocument, type Node } from 'yaml';
import { KindChange, PatchWriter, UnsupportedLayout, type Patch, type RefusedEdit, type YamlSource } from './yaml-patch-writer.ts';
import { countLines } from './yaml-text.ts';

/*
 * Writes edited content back into content.yaml's own text, changing only the bytes of
 * the values that changed. The `yaml` library's document model says where each value
 * sits (its node's range); an edit becomes a patch of that range, and every other byte
 * (comments, key order, quoting, blank lines, the `$schema` line) is left as it was.
 *
 * - A changed scalar is written in its own style (plain, quoted, block).
 * - A list item added, removed or moved moves as a block of whole lines, with the
 *   comments above it; an item that stays keeps its text even when its neighbours move.
 * - A key added to a map goes after its last key; a key removed takes its lines along.
 * - A flow collection (`books: [1, 2, 3]`) is written again whole, still in flow style.
 * - A value reached through an alias (`*name`), or held by an anchor that aliases repeat,
 *   is refused with the line where to edit it: changing it here would change it elsewhere too.
 *
 * The result is read back and compared with the edited data before anyone writes it.
 */

export { deepEqual, type Patch, type RefusedEdit, type YamlSource } from './yaml-patch-writer.ts';
export { lineOf } from './yaml-text.ts';

export type EditResult = { text: string; changedLines: number[]; refused: []; patches: readonly Patch[] } | { text: null; changedLines: []; refused: RefusedEdit[] };

/** How content.yaml's text is parsed into a document: YAML 1.2, as the build reads it. */
export const READ = { version: '1.2', uniqueKeys: false, keepSourceTokens: false } as const;

/** Parses the text once; a document with syntax errors cannot be edited through its model (null). */
export function readYamlSource(text: string): YamlSource | null {
  const doc = parseDocument(text, READ);
  if (doc.errors.length > 0) return null;
  return { text, doc, data: doc.toJS({ maxAliasCount: -1 }) ?? null };
}

/**
 * The text with `target` written in place of the data it was read as. Refuses (text null)
 * when an edit goes through an alias or an anchor that is repeated.
 */
export function editYaml(source: YamlSource, target: unknown): EditResult {
  const writer = new PatchWriter(source);
  try {
    writer.value(source.doc.contents as Node | null, source.data, target, []);
  } catch (error) {
    if (error instanceof KindChange || error instanceof UnsupportedLayout) {
      const message = error instanceof UnsupportedLayout ? error.message : 'the whole file would change kind';
      return { text: null, changedLines: [], refused: [{ path: '', line: 1, message: `${message}: make this change in content.yaml with a text editor` }] };
    }
    throw error;
  }
  if (writer.refused.length > 0) return { text: null, changedLines: [], refused: writer.refused };
  return applyPatches(source.text, writer.patches);
}

function applyPatches(text: string, patches: Patch[]): { text: string; changedLines: number[]; refused: []; patches: readonly Patch[] } {
  // New lines are written with the file's own line ending.
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (eol !== '\n') for (const patch of patches) patch.text = patch.text.replace(/\r?\n/g, eol);
  // At one place, insertions (empty ranges) come first, in the order they were made.
  patches.sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  let result = '';
  let at = 0;
  const changedLines = new Set<number>();
  let line = 1;
  for (const patch of patches) {
    const before = text.slice(at, patch.start);
    result += before;
    line += countLines(before);
    // The lines the new text occupies (a removal leaves none).
    const lines = countLines(patch.text.replace(/\n$/, '')) + 1;
    if (patch.text.length > 0) for (let offset = 0; offset < lines; offset += 1) changedLines.add(line + offset);
    result += patch.text;
    line += countLines(patch.text);
    at = patch.end;
  }
  result += text.slice(at);
  const total = countLines(result) + 1;
  return { text: result, changedLines: [...changedLines].filter((number) => number <= total).sort((a, b) => a - b), refused: [], patches };
}
