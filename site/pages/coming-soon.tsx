import { Icon, Link, PageHeading, usePage } from '../components/ui/index.ts';

/** Agency services in development, for those with access; links to /agency-login. */
export default function ComingSoonPage() {
  const { page } = usePage('comingSoon');
  return (
    <div className="empty-state">
      <Icon name="sparkles" className="empty-state__icon" />
      <PageHeading title={page.heading}>
        <p>{page.text}</p>
        <p>{page.accessText}</p>
      </PageHeading>
      <div className="button-row">
        {/* Left to the browser (a link with a target is not followed client-side: internalLinkOf),
            as content.yaml points it at /agency-login, which the host redirects: no page data to fetch. */}
        <a href={page.loginHref} target="_self" className="button button--primary">
          <Icon name="lock" />
          {page.loginLabel}
        </a>
        <Link to="/" className="button button--secondary">
          {page.backLabel}
        </Link>
      </div>
    </div>
  );
}
