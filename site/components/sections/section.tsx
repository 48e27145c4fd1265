import type { ReactNode } from 'react';

/** A titled section of a page: its h2 names it for screen readers; `lead` is the paragraph under the title. */
export function Section({ id, heading, lead, panel = false, children }: { id: string; heading: string; lead?: string; panel?: boolean; children: ReactNode }) {
  return (
    <section className={panel ? 'section section--panel' : 'section'} aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {heading}
      </h2>
      {lead ? <p className="section__lead">{lead}</p> : null}
      {children}
    </section>
  );
}
