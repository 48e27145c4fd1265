/*
 * Text measurement for the social cards. SVG has no line wrapping, so the card lays out
 * its own lines; these are the advance widths of Inter (the font the cards embed, see
 * images/image-library.ts) for printable ASCII, in thousandths of an em, read from the font.
 * Other characters count as a wide glyph, so a line may come out short, never too long.
 */

const FIRST = 32;
const ADVANCES: Record<CardFontWeight, readonly number[]> = {
  400: [
    281, 288, 466, 633, 642, 982, 644, 300, 365, 365, 645, 662, 288, 460, 288, 360, 631, 407, 610, 618, 646, 593, 620, 566, 619, 620, 288, 302, 662, 662, 662, 511,
    966, 690, 654, 730, 722, 601, 590, 746, 743, 269, 571, 672, 565, 903, 753, 765, 639, 765, 644, 642, 646, 744, 690, 985, 682, 679, 629, 365, 360, 365, 471, 490,
    323, 562, 612, 571, 612, 583, 370, 613, 591, 242, 242, 549, 242, 876, 591, 600, 612, 612, 392, 528, 342, 591, 572, 818, 546, 572, 552, 426, 333, 426, 662,
  ],
  800: [
    219, 358, 586, 655, 660, 1029, 683, 354, 382, 382, 685, 686, 353, 471, 353, 400, 692, 441, 638, 657, 688, 634, 662, 588, 664, 662, 353, 360, 686, 686, 686, 579,
    1036, 770, 665, 744, 723, 610, 585, 752, 749, 286, 590, 738, 565, 943, 766, 773, 652, 782, 662, 660, 677, 727, 770, 1059, 761, 752, 679, 382, 400, 382, 493, 543,
    382, 588, 638, 595, 638, 601, 410, 639, 635, 283, 283, 593, 283, 927, 635, 619, 638, 638, 436, 573, 400, 635, 628, 863, 594, 631, 581, 486, 388, 486, 686,
  ],
};
const UNKNOWN = 1060;

export type CardFontWeight = 400 | 800;

/** The width of `text` in pixels at `size`, in Inter of `weight`. */
export function textWidth(text: string, weight: CardFontWeight, size: number): number {
  const advances = ADVANCES[weight];
  let units = 0;
  // Code point by code point, as for...of walks a string, without a string per character
  // (a 10,000-course build measures every card's lines: 10,000 cards, several sizes each).
  for (let index = 0; index < text.length; index += 1) {
    let code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        index += 1;
      }
    }
    units += advances[code - FIRST] ?? UNKNOWN;
  }
  return (units / 1000) * size;
}

/**
 * Greedy word wrap into at most `maxLines` lines no wider than `maxWidth`. Returns null
 * when the text does not fit (the caller tries a smaller size), unless `ellipsis` is set,
 * in which case the last line is cut at a word and ends in "…". It stops at the first
 * line too many, so a long text costs no more than its first lines.
 */
export function wrapText(
  text: string,
  options: { weight: CardFontWeight; size: number; maxWidth: number; maxLines: number; ellipsis?: boolean },
): string[] | null {
  const { weight, size, maxWidth, maxLines } = options;
  const fits = (line: string) => textWidth(line, weight, size) <= maxWidth;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (!current || !fits(word)) return options.ellipsis ? finish([...lines, current || word], options) : null;
    lines.push(current);
    current = word;
    if (lines.length === maxLines) return options.ellipsis ? finish(lines, options) : null;
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Keeps `maxLines` lines and shortens the last one, word by word, then (a word wider than
 * the line) to the characters that fit, until "…" fits.
 */
function finish(lines: string[], options: { weight: CardFontWeight; size: number; maxWidth: number; maxLines: number }): string[] {
  const { weight, size, maxWidth } = options;
  const kept = lines.slice(0, options.maxLines);
  const words = (kept.pop() ?? '').split(' ');
  while (words.length > 1 && textWidth(`${words.join(' ')}…`, weight, size) > maxWidth) words.pop();
  const last = fittingStart(words.join(' '), maxWidth - textWidth('…', weight, size), weight, size);
  return [...kept, `${last.replace(/[\s,.;:–-]+$/, '')}…`];
}

/**
 * The longest start of `text` no wider than `width`, and at least its first character:
 * measured once, a character at a time, from the start (never the whole text again for
 * each character taken off its end).
 */
function fittingStart(text: string, width: number, weight: CardFontWeight, size: number): string {
  let used = 0;
  let end = 0;
  for (const char of text) {
    used += textWidth(char, weight, size);
    if (used > width && end > 0) break;
    end += char.length;
  }
  return text.slice(0, end);
}
