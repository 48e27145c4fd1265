import { Link } from '../components/ui/link.tsx';
import { useSiteData } from '../data.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { Icon } from '../components/ui/icon.tsx';

/** Any path the site does not have. */
export function NotFoundPage() {
  const { pages } = useSiteData();
  const page = pages.notFound;
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
