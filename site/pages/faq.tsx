import { PageHeading, useLayout, usePage } from '../components/ui/index.ts';
import { Accordion } from '../components/sections/accordion.tsx';
import { ListPages } from '../components/sections/list-pages.tsx';
import { FAQ_LIST } from '../model/paged-lists.ts';

/**
 * Twelve questions; one open at a time, none at first. More than a page of them
 * (FAQ_LIST) continue on /faq/2 and so on, numbered on (#faq-51).
 */
export default function FaqPage() {
  const { page, list } = usePage('faq');
  const { labels } = useLayout();
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <Accordion
        name="faq"
        items={page.items.map((item, index) => ({ id: String(list.first + index + 1), title: item.question, body: <p>{item.answer}</p> }))}
      />
      {list.count > 1 && <ListPages list={FAQ_LIST} current={list.current} count={list.count} label={labels.faqPages} />}
    </>
  );
}
