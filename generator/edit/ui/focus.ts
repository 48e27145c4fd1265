import { fieldId, selfAndAncestors } from './model/paths.ts';
import type { FocusTarget } from './model/view-state.ts';

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), summary, a[href], [tabindex]';

/**
 * Focuses a field and brings it into view: the element of its path, or of the nearest
 * path above it on screen; inside a group, its first control. Returns whether anything was focused.
 */
export function focusTarget(target: FocusTarget): boolean {
  let element: HTMLElement | null = null;
  if ('path' in target) {
    for (const path of selfAndAncestors(target.path)) {
      element = document.getElementById(fieldId(path));
      if (element) break;
    }
  } else {
    element = document.getElementById(target.id);
    if (element && target.inside) element = element.querySelector<HTMLElement>(FOCUSABLE) ?? element;
  }
  if (!element) return false;
  const control = element.matches(FOCUSABLE) ? element : (element.querySelector<HTMLElement>(FOCUSABLE) ?? element);
  if (control === element && !control.matches(FOCUSABLE)) control.tabIndex = -1;
  control.focus({ preventScroll: true });
  control.scrollIntoView({ block: 'center', behavior: 'auto' });
  return true;
}
