import type { ReactNode } from 'react';

/**
 * Two versions of one piece of a page, drawn in the same place: the box is as large as the
 * larger of the two, and the one not shown keeps its room hidden (not read out, not
 * focusable). A page that settles which to show only once hydrated changes its words
 * without moving anything around them.
 */
export function Swap({ show, first, second, as: Tag = 'div', className }: { show: 'first' | 'second'; first: ReactNode; second: ReactNode; as?: 'div' | 'span'; className?: string }) {
  return (
    <Tag className={className ? `swap ${className}` : 'swap'}>
      <Tag className={show === 'first' ? 'swap__shown' : 'swap__hidden'}>{first}</Tag>
      <Tag className={show === 'second' ? 'swap__shown' : 'swap__hidden'}>{second}</Tag>
    </Tag>
  );
}
