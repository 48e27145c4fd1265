import { describe, expect, test } from 'vitest';
import type { BookView } from '../../../site/model/site-data.ts';
import { bookCoverFiles, bookCoverSvg, coverLines } from '../../../generator/site-files/book-covers.ts';

describe('drawn book covers', () => {
  test('titles break into short lines without a dangling short word', () => {
    expect(coverLines('Speak Like a Hustler')).toEqual(['Speak Like', 'a Hustler']);
    expect(coverLines('Millionaire at 15')).toEqual(['Millionaire', 'at 15']);
    expect(coverLines('Boss Moves')).toEqual(['Boss Moves']);
  });

  test("content reaches the SVG escaped: a title, topic or site name can't add markup", () => {
    const svg = bookCoverSvg({ id: 7, title: 'Tom & <Jerry>', topic: 'a "b"' }, "Site's <name>");
    expect(svg).toContain('>Tom</text>');
    expect(svg).toContain('>&#38; &#60;Jerry&#62;</text>');
    expect(svg).toContain('>A &#34;B&#34;</text>');
    expect(svg).toContain('>Site&#39;s &#60;name&#62;</text>');
    expect(svg).not.toContain('<Jerry>');
    expect(svg).not.toContain('<name>');
  });

  test('a book with a designed cover gets no drawn one; the others are named by their id', () => {
    const book: BookView = { id: 3, title: 'Boss Moves', topic: 'Business', description: '', icon: 'rocket', checkoutUrl: 'https://pay.example/3', priceCents: 1699, priceText: '$16.99' };
    const designed: BookView = { ...book, id: 4, cover: { slot: 'bookCover', alt: 'Cover', src: '/images/book-4-240.jpg', width: 240, height: 336, sizes: '240px', sources: [] } };
    expect(bookCoverFiles([book, designed], 'Site').map((file) => file.file)).toEqual(['ebooks/covers/3.svg']);
  });
});
