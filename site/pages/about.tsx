import { ExternalLink, PageHeading, useLayout, usePage } from '../components/ui/index.ts';
// Not from the index: only the pages that show images load it (the index is every page's).
import { Picture } from '../components/ui/picture.tsx';

/** The story of the community and its founder. */
export default function AboutPage() {
  const { page } = usePage('about');
  const { site } = useLayout();
  return (
    <>
      <div className={page.founderPhoto ? 'about-lead about-lead--photo' : 'about-lead'}>
        <PageHeading title={page.heading}>
          <p>{page.intro}</p>
        </PageHeading>
        {page.founderPhoto && <Picture image={page.founderPhoto} className="about-lead__photo" priority />}
      </div>
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
