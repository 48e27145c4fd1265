/*
 * Positions in a text, by the offsets the `yaml` library's nodes give: the line an offset
 * is on, where lines begin and end, columns, and lines indented to a column.
 */

/** The number of line breaks in `text`. */
export function countLines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
}

/** The 1-based line of offset `at`. */
export function lineOf(text: string, at: number): number {
  return countLines(text.slice(0, at)) + 1;
}

/** The offset where the line `at` is on begins. */
export function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** The start of the line after the one `at` is on (or `at` itself at a line's start). */
export function endOfLine(text: string, at: number): number {
  if (at > 0 && text[at - 1] === '\n') return at;
  const newline = text.indexOf('\n', at);
  return newline === -1 ? text.length : newline + 1;
}

/** The 0-based column of offset `at`. */
export function columnOf(text: string, at: number): number {
  return at - lineStart(text, at);
}

/** `text` with each of its lines (but empty ones) indented to `column`. */
export function indent(text: string, column: number): string {
  if (column === 0) return text;
  const pad = ' '.repeat(column);
  return text.replace(/^(?=.)/gm, pad);
}
