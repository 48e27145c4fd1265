import { useParams } from 'react-router-dom';
import { Link } from '../components/ui/link.tsx';
import { useSiteData } from '../data.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { courseGroupOf, coursePosition, indexInGroup } from '../model/course-index.ts';
import { useCourseGroup } from '../course-data.ts';

/** One course: title, description, duration, level, the video placeholder, Back to Courses. */
export function CourseDetailPage() {
  const { courseId } = useParams();
  const { courseIndex, pages } = useSiteData();
  const page = pages.course;
  const position = coursePosition(courseIndex, courseId);
  if (position < 0) {
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
  return <CourseDetail position={position} />;
}

/** The course at `position` in the list, from its group (loaded with the page). */
function CourseDetail({ position }: { position: number }) {
  const page = useSiteData().pages.course;
  const course = useCourseGroup(courseGroupOf(position))[indexInGroup(position)]!;
  return (
    <article className="course-detail">
      <PageHeading title={course.title}>
        <p>{course.description}</p>
      </PageHeading>
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
