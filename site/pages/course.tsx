import { Icon, Link, PageHeading, usePage } from '../components/ui/index.ts';
// Not from the index: only the pages that show images load it (the index is every page's).
import { Picture } from '../components/ui/picture.tsx';

/** One course: title, description, duration, level, the video placeholder, Back to Courses. */
export default function CoursePage() {
  const { page, course } = usePage('course');
  if (!course) {
    return (
      <div className="empty-state">
        <Icon name="compass" className="empty-state__icon" />
        <PageHeading title={page.notFound.heading}>
          <p>{page.notFound.text}</p>
        </PageHeading>
        <Link to="/courses" className="button button--primary">
          <Icon name="arrow-left" />
          {page.notFound.linkLabel}
        </Link>
      </div>
    );
  }
  return (
    <article className="course-detail">
      <PageHeading title={course.title}>
        <p>{course.description}</p>
      </PageHeading>
      {course.hero && <Picture image={course.hero} className="course-detail__image" priority />}
      <dl className="course-detail__facts">
        <div>
          <dt>{page.durationLabel}</dt>
          <dd>{course.duration}</dd>
        </div>
        <div>
          <dt>{page.levelLabel}</dt>
          <dd>{course.level}</dd>
        </div>
      </dl>
      <div className="video-placeholder">
        <Icon name="play" className="video-placeholder__icon" />
        <p>{page.placeholder}</p>
      </div>
      <Link to="/courses" className="button button--secondary">
        <Icon name="arrow-left" />
        {page.backLabel}
      </Link>
    </article>
  );
}
