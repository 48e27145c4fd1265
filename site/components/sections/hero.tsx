import type { ReactNode } from 'react';

/** The top of a landing page (the community's, the agency's): eyebrow, the page's h1, subline and actions. */
export function Hero({ eyebrow, headline, subline, agency = false, children }: { eyebrow: string; headline: string; subline: string; agency?: boolean; children?: ReactNode }) {
  return (
    <section className={agency ? 'hero hero--agency' : 'hero'} aria-labelledby="page-title">
      <div className="hero__inner">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="page-title" tabIndex={-1} className="hero__headline">
          {headline}
        </h1>
        <p className="hero__subline">{subline}</p>
        {children}
      </div>
    </section>
  );
}
