import { Icon, Link, PageHeading, usePage } from '../components/ui/index.ts';

/** Any path the site does not have. */
export function NotFoundPage() {
  const { page } = usePage('notFound');
  return (
    <div className="empty-state">
      <Icon name="compass" className="empty-state__icon" />
      <PageHeading title={page.heading}>
        <p>{page.text}</p>
      </PageHeading>
      <Link to="/" className="button button--primary">
        <Icon name="home" />
        {page.linkLabel}
      </Link>
    </div>
  );
}
