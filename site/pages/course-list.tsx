import { ExternalLink, Icon, Link, PageHeading, useLayout, usePage } from '../components/ui/index.ts';
// Not from the index: only the pages that show images load it (the index is every page's).
import { Picture } from '../components/ui/picture.tsx';
import { ListPages } from '../components/sections/list-pages.tsx';
import { COURSE_LIST } from '../model/paged-lists.ts';

/**
 * The ten numbered courses; Open Course goes to the video, or to /course/{id} without one.
 * A catalogue of more than a page (COURSE_LIST) continues on /courses/list/2 and so on.
 */
export default function CourseListPage() {
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
      {pageCount > 1 && <ListPages list={COURSE_LIST} current={current} count={pageCount} label={labels.coursePages} />}
    </>
  );
}

/** The list's class: a wider number column once the numbers run to three digits or more. */
function numberClass(largest: number): string {
  const digits = Math.min(5, String(largest).length);
  return digits < 3 ? 'course-list' : `course-list course-list--digits-${digits}`;
}
