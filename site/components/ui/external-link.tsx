import type { ReactNode } from 'react';
import { useLayout } from '../../route-data.tsx';
import { Icon } from './icon.tsx';

/**
 * A link that leaves the site. https links open in a new tab with rel="noopener noreferrer"
 * and say so to screen readers; mailto: and tel: links open in place.
 */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { labels } = useLayout();
  const newTab = href.startsWith('https://');
  if (!newTab) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <Icon name="external" className="icon--external" />
      <span className="visually-hidden"> {labels.opensInNewTab}</span>
    </a>
  );
}
