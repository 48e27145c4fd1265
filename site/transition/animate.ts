/*
 * The client-side page transition: ten vertical slices sweep away over about 1.2 s
 * (0.06 s stagger), and the page content fades in after 0.4 s. Its code and GSAP are
 * loaded on the first sign of a navigation (pointer or focus on an internal link), not
 * with the page (sweep.ts).
 */

import { prefersReducedMotion } from '../hooks/use-reduced-motion.ts';

export const TRANSITION = { slices: 10, stagger: 0.06, contentDelay: 0.4, total: 1.2 } as const;

let sweep: Promise<typeof import('./sweep.ts') | null> | null = null;

/** Starts loading the transition and GSAP (idempotent); null when it cannot be loaded, and asked again next time. */
export function loadTransition(): Promise<typeof import('./sweep.ts') | null> {
  sweep ??= import('./sweep.ts').catch(() => {
    sweep = null;
    return null;
  });
  return sweep;
}

/** Runs the transition over the overlay's slices and the page content. */
export async function playTransition(overlay: HTMLElement, content: HTMLElement): Promise<void> {
  if (prefersReducedMotion()) return;
  // Cover at once (no flash of the new page), then let GSAP sweep the slices away.
  overlay.classList.remove('pt--done');
  overlay.classList.add('pt--cover');
  content.classList.add('page--waiting');
  const loaded = await loadTransition();
  if (loaded) await loaded.sweep(overlay, content, TRANSITION);
  else {
    // Its code could not be fetched (the network dropped, or a deploy replaced it): the page shows without it.
    overlay.classList.replace('pt--cover', 'pt--done');
    content.classList.remove('page--waiting');
  }
}
