import { PageHeading, usePage } from '../components/ui/index.ts';
import { Accordion } from '../components/accordion.tsx';

/** Twelve questions; one open at a time, none at first. */
export function FaqPage() {
  const { page } = usePage('faq');
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
