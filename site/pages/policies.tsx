import { PageHeading, usePage } from '../components/ui/index.ts';
import { Accordion } from '../components/sections/accordion.tsx';

/** The six policy sections, dated; the refund section starts open. */
export default function PoliciesPage() {
  const { page, policies } = usePage('policies');
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
        <p className="page-heading__meta">{page.updated}</p>
      </PageHeading>
      <Accordion
        name="policies"
        initiallyOpen={policies[0]?.id}
        items={policies.map((section) => ({
          id: section.id,
          title: section.title,
          icon: section.icon,
          body: section.content.map((paragraph) => <p key={paragraph}>{paragraph}</p>),
        }))}
      />
    </>
  );
}
