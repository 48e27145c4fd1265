/**
 * Where a book's drawn cover is served: one SVG file per book without a designed cover,
 * written by the generator (generator/outputs/book-covers.ts) from the book's number,
 * title and topic. Like the icon set, a drawing then travels once, in a file the browser
 * keeps, instead of in the store's markup and scripts: the store's HTML grows by a line
 * per book, not by a picture.
 */
export const BOOK_COVER_SIZE = { width: 200, height: 280 } as const;

export function bookCoverPath(bookId: number): string {
  return `/ebooks/covers/${bookId}.svg`;
}
