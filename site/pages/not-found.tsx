import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Icon, Link, useHydrated, usePage } from '../components/ui/index.ts';
import { Swap } from '../components/ui/swap.tsx';

/**
 * Any path the site does not have. A host with one 404 page for every path (GitHub Pages,
 * a server with only `error_page 404 /404.html`) serves it for an unknown course too:
 * there, once hydrated, it says Course not found and leads back to the courses, as
 * course/404.html does where the host serves that. Both versions are drawn in one place
 * (Swap), so the change moves nothing; without JavaScript it offers the courses as well.
 */
export default function NotFoundPage() {
  const { page, courseNotFound } = usePage('notFound');
  const { pathname } = useLocation();
  const course = useHydrated() && pathname.startsWith('/course/');
  useEffect(() => {
    if (course) document.title = courseNotFound.documentTitle;
  }, [course, courseNotFound.documentTitle]);
  const show = course ? 'second' : 'first';
  return (
    <div className="empty-state">
      <Icon name="compass" className="empty-state__icon" />
      <header className="page-heading">
        <h1 id="page-title" tabIndex={-1}>
          <Swap as="span" show={show} first={page.heading} second={courseNotFound.heading} />
        </h1>
        <Swap className="page-heading__intro" show={show} first={<p>{page.text}</p>} second={<p>{courseNotFound.text}</p>} />
      </header>
      <Swap
        show={show}
        first={
          <div className="button-row">
            <Link to="/" className="button button--primary">
              <Icon name="home" />
              {page.linkLabel}
            </Link>
            <Link to="/courses" className="button button--secondary">
              <Icon name="book" />
              {page.coursesLinkLabel}
            </Link>
          </div>
        }
        second={
          <div className="button-row">
            <Link to="/courses" className="button button--primary">
              <Icon name="arrow-left" />
              {courseNotFound.linkLabel}
            </Link>
          </div>
        }
      />
    </div>
  );
}
