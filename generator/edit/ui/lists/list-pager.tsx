import { inSentence } from '../model/labels.ts';
import { useId } from 'react';

/** Previous, next, and a page number to go to, for a list longer than a page. */
export function ListPager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage(page: number): void }) {
  const pageId = useId();
  return (
    <div className="pager" role="group" aria-label={`Pages of ${inSentence(label)}`}>
      <button type="button" className="button button--quiet button--small" aria-disabled={page === 0 || undefined} onClick={() => page > 0 && onPage(page - 1)}>
        Previous page
      </button>
      <label htmlFor={pageId}>Page</label>
      <input
        id={pageId}
        className="pager__number"
        type="number"
        min={1}
        max={pages}
        value={page + 1}
        onChange={(event) => {
          const wanted = Math.round(Number(event.target.value));
          if (Number.isFinite(wanted) && wanted >= 1 && wanted <= pages) onPage(wanted - 1);
        }}
      />
      <span>of {pages}</span>
      <button type="button" className="button button--quiet button--small" aria-disabled={page === pages - 1 || undefined} onClick={() => page < pages - 1 && onPage(page + 1)}>
        Next page
      </button>
    </div>
  );
}
