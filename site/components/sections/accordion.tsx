import type { ReactNode, SyntheticEvent } from 'react';
import { Icon } from '../ui/index.ts';
import type { IconName } from '../../model/icons.ts';

export interface AccordionItem {
  id: string;
  title: string;
  icon?: IconName;
  body: ReactNode;
}

/**
 * One-open-at-a-time accordion on native <details name>: works without JavaScript in
 * current browsers, is keyboard operable as is, and clicking the open item closes it.
 * React sets `open` only on the first render and never fights the native state; the
 * toggle handler closes siblings where a browser lacks exclusive <details>.
 */
export function Accordion({ name, items, initiallyOpen }: { name: string; items: readonly AccordionItem[]; initiallyOpen?: string }) {
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const opened = event.currentTarget;
    if (!opened.open) return;
    opened.parentElement?.querySelectorAll<HTMLDetailsElement>(`details[name="${name}"]`).forEach((other) => {
      if (other !== opened && other.open) other.open = false;
    });
  };
  return (
    <div className="accordion">
      {items.map((item) => (
        <details key={item.id} name={name} className="accordion__item" id={`${name}-${item.id}`} open={item.id === initiallyOpen} onToggle={onToggle}>
          <summary className="accordion__summary">
            {item.icon ? <Icon name={item.icon} className="accordion__icon" /> : null}
            <span className="accordion__title">{item.title}</span>
            <Icon name="arrow-right" className="accordion__chevron" />
          </summary>
          <div className="accordion__body">{item.body}</div>
        </details>
      ))}
    </div>
  );
}
