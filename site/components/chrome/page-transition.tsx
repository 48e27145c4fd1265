import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { loadTransition, playTransition, TRANSITION } from '../../transition/animate.ts';
import { playTone } from '../../transition/sound.ts';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { useReducedMotion } from '../../hooks/use-reduced-motion.ts';
import { internalLinkOf } from '../ui/index.ts';

const SLICES = Array.from({ length: TRANSITION.slices }, (_, index) => index);

/**
 * Wraps every page in the ten-slice transition. On first load the slices are animated by
 * CSS from the static HTML (no waiting for JavaScript; hidden without JavaScript and under
 * reduced motion), with the tone the entry script arms; on each client-side
 * navigation GSAP plays them, with the tone.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const overlay = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const warm = (event: Event) => {
      if ((event.target as Element | null)?.closest?.('a[href^="/"]')) void loadTransition();
    };
    const onClick = (event: MouseEvent) => {
      if (internalLinkOf(event)) playTone();
    };
    document.addEventListener('pointerover', warm, { passive: true });
    document.addEventListener('focusin', warm);
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('pointerover', warm);
      document.removeEventListener('focusin', warm);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (overlay.current && content.current) void playTransition(overlay.current, content.current);
  }, [pathname]);

  return (
    <>
      {hydrated && reducedMotion ? null : (
        <div className="pt" ref={overlay} aria-hidden="true" data-slices={TRANSITION.slices}>
          {SLICES.map((index) => (
            <span className="pt__slice" key={index} />
          ))}
        </div>
      )}
      <div className="page" ref={content}>
        {children}
      </div>
    </>
  );
}
