import { ExternalLink, PageHeading, useLayout, usePage } from '../components/ui/index.ts';

/** The story of the community and its founder. */
export function AboutPage() {
  const { page } = usePage('about');
  const { site } = useLayout();
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
