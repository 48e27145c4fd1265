import { useSiteData } from '../data.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { ExternalLink } from '../components/ui/external-link.tsx';

/** The story of the community and its founder. */
export function AboutPage() {
  const { pages, site } = useSiteData();
  const page = pages.about;
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <div className="prose">
        {page.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
      <div className="section section--center">
        <ExternalLink href={site.discordUrl} className="button button--primary button--large">
          {page.cta}
        </ExternalLink>
      </div>
    </>
  );
}
