import { Icon } from '../ui/index.ts';
import type { IconName } from '../../model/icons.ts';
import { BOOK_COVER_SIZE, bookCoverPath } from '../../model/book-covers.ts';

/**
 * A drawn cover: the generator's picture of the book (its number, title and topic) with
 * the book's icon laid over it from the icon set. Decorative: the card names the book.
 */
export function BookCover({ bookId, icon }: { bookId: number; icon: IconName }) {
  return (
    <div className="book-cover" aria-hidden="true">
      <img className="book-cover__svg" src={bookCoverPath(bookId)} alt="" width={BOOK_COVER_SIZE.width} height={BOOK_COVER_SIZE.height} loading="lazy" decoding="async" />
      <span className="book-cover__icon">
        <Icon name={icon} />
      </span>
    </div>
  );
}
