import { Link, useLayout } from '../ui/index.ts';
import { listPageLabel, listPath, type PagedList } from '../../model/paged-lists.ts';

/** Page numbers to show: the first, the last, and two either side of the current one. */
function shownPages(current: number, count: number): (number | 'gap')[] {
  const shown: (number | 'gap')[] = [];
  for (let n = 1; n <= count; n += 1) {
    if (n === 1 || n === count || Math.abs(n - current) <= 2) shown.push(n);
    else if (shown.at(-1) !== 'gap') shown.push('gap');
  }
  return shown;
}

/**
 * The page links under a list longer than one page (the course list, the store):
 * Previous, the page numbers and Next; the current page is marked for screen readers.
 */
export function ListPages({ list, current, count, label }: { list: PagedList; current: number; count: number; label: string }) {
  const { labels } = useLayout();
  return (
    <nav className="list-pages" aria-label={label}>
      <ul>
        {current > 1 && (
          <li>
            <Link to={listPath(list, current - 1)} rel="prev" className="list-pages__step">
              {labels.previousPage}
            </Link>
          </li>
        )}
        {shownPages(current, count).map((n, index) =>
          n === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="list-pages__gap">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={listPath(list, n)} aria-current={n === current ? 'page' : undefined} aria-label={listPageLabel(labels.listPage, n, count)} className="list-pages__number">
                {n}
              </Link>
            </li>
          ),
        )}
        {current < count && (
          <li>
            <Link to={listPath(list, current + 1)} rel="next" className="list-pages__step">
              {labels.nextPage}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
