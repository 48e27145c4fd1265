/*
 * The client-side page transition: ten vertical slices sweep away over about 1.2 s
 * (0.06 s stagger), and the page content fades in after 0.4 s. GSAP is loaded on the
 * first sign of a navigation (pointer or focus on an internal link), not with the page.
 */
import type { gsap as GsapType } from 'gsap';
import { prefersReducedMotion } from '../hooks/use-reduced-motion.ts';

export const TRANSITION = { slices: 10, stagger: 0.06, contentDelay: 0.4, total: 1.2 } as const;
const SLICE_DURATION = TRANSITION.total - TRANSITION.stagger * (TRANSITION.slices - 1);

let gsapPromise: Promise<typeof GsapType> | null = null;

/** Starts loading GSAP (idempotent). */
export function loadGsap(): Promise<typeof GsapType> {
  gsapPromise ??= import('gsap').then((module) => module.gsap);
  return gsapPromise;
}

/** Runs the transition over the overlay's slices and the page content. */
export async function playTransition(overlay: HTMLElement, content: HTMLElement): Promise<void> {
  if (prefersReducedMotion()) return;
  const slices = Array.from(overlay.querySelectorAll<HTMLElement>('.pt__slice'));
  // Cover at once (no flash of the new page), then let GSAP sweep the slices away.
  overlay.classList.remove('pt--done');
  overlay.classList.add('pt--cover');
  content.classList.add('page--waiting');
  const gsap = await loadGsap();
  gsap.killTweensOf([...slices, content]);
  overlay.classList.remove('pt--cover');
  overlay.classList.add('pt--running');
  gsap.set(slices, { scaleY: 1, transformOrigin: '50% 0%' });
  gsap.set(content, { opacity: 0 });
  content.classList.remove('page--waiting');
  const timeline = gsap.timeline({
    onComplete: () => {
      overlay.classList.remove('pt--running');
      overlay.classList.add('pt--done');
      gsap.set([...slices, content], { clearProps: 'all' });
    },
  });
  timeline.to(slices, { scaleY: 0, duration: SLICE_DURATION, ease: 'power3.inOut', stagger: TRANSITION.stagger }, 0);
  timeline.to(content, { opacity: 1, duration: 0.5, ease: 'power1.out' }, TRANSITION.contentDelay);
  await timeline.then();
}
