import { ExternalLink, Icon, Link, PageHeading, usePage } from '../components/ui/index.ts';
import { InfoCard } from '../components/sections/info-card.tsx';

/** Course introduction: the 23-minute intro video, four info cards, Continue to Courses. */
export default function CoursesPage() {
  const { page } = usePage('courses');
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <section className="section" aria-labelledby="intro-video">
        <div className="video-card">
          <Icon name="play" className="video-card__icon" />
          <div>
            <h2 id="intro-video" className="video-card__title">
              {page.video.title}
            </h2>
            <p className="video-card__meta">
              <span>
                <Icon name="clock" /> {page.video.duration}
              </span>
              <span>
                <Icon name="book" /> {page.video.chapters}
              </span>
            </p>
            <ExternalLink href={page.video.url} className="button button--primary">
              {page.video.label}
            </ExternalLink>
          </div>
        </div>
      </section>
      <section className="section">
        <ul className="card-grid card-grid--2">
          {page.cards.map((card) => (
            <InfoCard icon={card.icon} title={card.title} key={card.title}>
              <p>{card.text}</p>
            </InfoCard>
          ))}
        </ul>
      </section>
      <div className="section section--center">
        <Link to="/courses/list" className="button button--primary button--large">
          {page.continueLabel}
          <Icon name="arrow-right" />
        </Link>
      </div>
    </>
  );
}
