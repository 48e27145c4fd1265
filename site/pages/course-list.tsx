import { ExternalLink, Icon, Link, PageHeading, useLayout, usePage } from '../components/ui/index.ts';
// Not from the index: only the pages that show images load it (the index is every page's).
import { Picture } from '../components/ui/picture.tsx';
import { listPageLabel } from '../model/titles.ts';
import { courseListPath } from '../model/routes.ts';

/**
 * The ten numbered courses; Open Course goes to the video, or to /course/{id} without one.
 * A catalogue of more than COURSES_PER_PAGE continues on /courses/list/2 and so on.
 */
export function CourseListPage() {
  const { page, list } = usePage('courseList');
  const { labels } = useLayout();
  const { courses, first, current, count: pageCount } = list;
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <ol className={numberClass(first + courses.length)}>
        {courses.map((course, index) => (
          <li className="course-card" key={course.id}>
            <span className="course-card__number" aria-hidden="true">
              {String(first + index + 1).padStart(2, '0')}
            </span>
            <div className="course-card__body">
              {course.thumbnail && <Picture image={course.thumbnail} className="course-card__thumbnail" />}
              <h2 className="course-card__title">{course.title}</h2>
              <p className="course-card__meta">
                <span className="pill">
                  <Icon name="clock" /> {course.duration}
                </span>
                <span className={`pill pill--${course.level.toLowerCase()}`}>{course.level}</span>
              </p>
              <p>{course.description}</p>
            </div>
            {course.external ? (
              <ExternalLink href={course.href} className="button button--secondary course-card__action">
                {labels.openCourse}
                <span className="visually-hidden">: {course.title}</span>
              </ExternalLink>
            ) : (
              <Link to={course.href} className="button button--secondary course-card__action">
                {labels.openCourse}
                <span className="visually-hidden">: {course.title}</span>
              </Link>
            )}
          </li>
        ))}
      </ol>
      {pageCount > 1 && <ListPages current={current} count={pageCount} />}
    </>
  );
}

/** The list's class: a wider number column once the numbers run to three digits or more. */
function numberClass(largest: number): string {
  const digits = Math.min(5, String(largest).length);
  return digits < 3 ? 'course-list' : `course-list course-list--digits-${digits}`;
}

/** Page numbers to show: the first, the last, and two either side of the current one. */
function shownPages(current: number, count: number): (number | 'gap')[] {
  const shown: (number | 'gap')[] = [];
  for (let n = 1; n <= count; n += 1) {
    if (n === 1 || n === count || Math.abs(n - current) <= 2) shown.push(n);
    else if (shown.at(-1) !== 'gap') shown.push('gap');
  }
  return shown;
}

/** Previous, the page numbers and Next, as links; the current page is marked for screen readers. */
function ListPages({ current, count }: { current: number; count: number }) {
  const { labels } = useLayout();
  return (
    <nav className="list-pages" aria-label={labels.coursePages}>
      <ul>
        {current > 1 && (
          <li>
            <Link to={courseListPath(current - 1)} rel="prev" className="list-pages__step">
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
              <Link
                to={courseListPath(n)}
                aria-current={n === current ? 'page' : undefined}
                aria-label={listPageLabel(labels.listPage, n, count)}
                className="list-pages__number"
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {current < count && (
          <li>
            <Link to={courseListPath(current + 1)} rel="next" className="list-pages__step">
              {labels.nextPage}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
