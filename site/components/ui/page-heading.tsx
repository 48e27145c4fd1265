import type { ReactNode } from 'react';

/** The heading block at the top of a page: the page's only h1 and its intro. */
export function PageHeading({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="page-heading">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1 id="page-title" tabIndex={-1}>
        {title}
      </h1>
      {children ? <div className="page-heading__intro">{children}</div> : null}
    </header>
  );
}
