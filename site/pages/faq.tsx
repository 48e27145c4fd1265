import { useSiteData } from '../data.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { Accordion } from '../components/accordion.tsx';

/** Twelve questions; one open at a time, none at first. */
export function FaqPage() {
  const { pages } = useSiteData();
  const page = pages.faq;
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <Accordion
        name="faq"
        items={page.items.map((item, index) => ({ id: String(index + 1), title: item.question, body: <p>{item.answer}</p> }))}
      />
    </>
  );
}
