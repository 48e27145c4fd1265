import { BOOK_COVER_SIZE, bookCoverPath } from '../../site/model/book-covers.ts';
import type { BookView } from '../../site/model/site-data.ts';
import { escapeHtml } from '../render/html.ts';
import type { OutputFile } from '../output/output-file.ts';

/* The covers the store draws for books without a designed one (site/model/book-covers.ts). */

const PALETTES = [
  ['#7c3aed', '#4c1d95'],
  ['#db2777', '#831843'],
  ['#ea580c', '#7c2d12'],
  ['#0891b2', '#164e63'],
  ['#16a34a', '#14532d'],
  ['#2563eb', '#1e3a8a'],
  ['#ca8a04', '#713f12'],
  ['#0d9488', '#134e4a'],
  ['#9333ea', '#581c87'],
  ['#e11d48', '#881337'],
] as const;

/**
 * The site's own font stack (site/styles/tokens.css, --font-sans). A picture shown by <img>
 * does not inherit the page's styles, so the cover names the fonts itself.
 */
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/**
 * Splits a title into short lines for the cover, never leaving a short word ("a", "at")
 * dangling at the end of a line: "Speak Like / a Hustler", not "Speak Like a / Hustler".
 */
export function coverLines(title: string, width = 11): string[] {
  const lines: string[][] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last && [...last, word].join(' ').length <= width) last.push(word);
    else lines.push([word]);
  }
  for (let index = 0; index < lines.length - 1; index += 1) {
    const line = lines[index]!;
    if (line.length > 1 && line[line.length - 1]!.length <= 2) lines[index + 1]!.unshift(line.pop()!);
  }
  // A word too long for any line is cut: the cover shows the start of the title, as a spine does.
  return lines.slice(0, 4).map((line) => {
    const text = line.join(' ');
    return text.length > 2 * width ? `${text.slice(0, 2 * width - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : text;
  });
}

/**
 * A book's drawn cover as SVG: a gradient from its number's palette, the number, the title
 * in up to four lines, the topic and the series (the site's name). The store lays the
 * book's icon over it in the page, where the icon set is.
 */
export function bookCoverSvg(book: Pick<BookView, 'id' | 'title' | 'topic'>, series: string): string {
  const [light, dark] = PALETTES[(book.id - 1) % PALETTES.length]!;
  const { width, height } = BOOK_COVER_SIZE;
  const text = (attributes: string, value: string) => `<text ${attributes}>${escapeHtml(value)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="${FONT_FAMILY}" fill="#fff">`,
    `<defs><linearGradient id="ground" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" rx="8" fill="url(#ground)"/>`,
    `<rect width="14" height="${height}" fill="#000" opacity="0.18"/>`,
    '<circle cx="168" cy="40" r="70" opacity="0.08"/>',
    text('x="30" y="48" opacity="0.85" font-size="22" font-weight="800"', String(book.id).padStart(2, '0')),
    ...coverLines(book.title).map((line, index) => text(`x="30" y="${110 + index * 28}" font-size="21" font-weight="800" letter-spacing="-0.21"`, line)),
    text('x="30" y="238" opacity="0.9" font-size="10.5" font-weight="700" letter-spacing="1.2"', book.topic.toUpperCase()),
    text('x="30" y="258" opacity="0.8" font-size="11" font-weight="600"', series),
    '</svg>',
  ].join('');
}

/** A cover file for every book the store draws one for. */
export function bookCoverFiles(books: readonly BookView[], series: string): OutputFile[] {
  return books.filter((book) => !book.cover).map((book) => ({ file: bookCoverPath(book.id).slice(1), contents: bookCoverSvg(book, series) }));
}
