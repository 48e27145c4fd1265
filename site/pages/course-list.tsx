import { Link } from 'react-router-dom';
import { useSiteData } from '../data.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { ExternalLink } from '../components/ui/external-link.tsx';
import { Icon } from '../components/ui/icon.tsx';

/** The ten numbered courses; Open Course goes to the video, or to /course/{id} without one. */
export function CourseListPage() {
  const { pages, courses, labels } = useSiteData();
  const page = pages.courseList;
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <ol className="course-list">
        {courses.map((course, index) => (
          <li className="course-card" key={course.id}>
            <span className="course-card__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <div className="course-card__body">
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
    </>
  );
}
