import { ExternalLink, Icon, useLayout } from '../ui/index.ts';
import { useScrolledPast } from '../../hooks/use-scroll.ts';
import type { Area } from '../../model/routes.ts';

/** Floating buttons appear only past this many pixels of scroll (spec, section 9). */
export const FLOATING_THRESHOLD = 600;

/** Join Discord on the community site, Call Now in the agency area; shown past 600px. */
export function FloatingButton({ area }: { area: Exclude<Area, 'bare'> }) {
  const { site, agency, labels } = useLayout();
  const visible = useScrolledPast(FLOATING_THRESHOLD);
  const className = `floating-button${visible ? ' floating-button--visible' : ''}`;
  return (
    <aside className={className} aria-label={area === 'agency' ? labels.callNow : labels.joinDiscord}>
      {area === 'agency' ? (
        <a href={agency.phone.href} className="button button--primary button--floating">
          <Icon name="phone" />
          {labels.callNow}
        </a>
      ) : (
        <ExternalLink href={site.discordUrl} className="button button--primary button--floating">
          <Icon name="chat" />
          {labels.joinDiscord}
        </ExternalLink>
      )}
    </aside>
  );
}
