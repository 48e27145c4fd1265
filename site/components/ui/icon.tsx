import type { IconName } from '../../model/icons.ts';
import { ICON_SPRITE } from '../../model/icon-sprite.ts';

/** A decorative icon from the site's icon set (an SVG symbol); give it a `label` only when it stands alone. */
export function Icon({ name, className, label }: { name: IconName; className?: string; label?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
