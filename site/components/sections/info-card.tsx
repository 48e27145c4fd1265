import type { ReactNode } from 'react';
import type { IconName } from '../../model/icons.ts';
import { Icon } from '../ui/index.ts';

/** A card of a card grid: an icon, a title (h2 or h3, as the page's outline needs), and what follows it. */
export function InfoCard({ icon, title, level = 2, as: Tag = 'li', children }: { icon?: IconName; title: string; level?: 2 | 3; as?: 'li' | 'div'; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Tag className="card">
      {icon ? <Icon name={icon} className="card__icon" /> : null}
      <Heading className="card__title">{title}</Heading>
      {children}
    </Tag>
  );
}
