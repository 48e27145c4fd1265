import { useEffect, useState, useSyncExternalStore } from 'react';

function subscribe(callback: () => void): () => void {
  window.addEventListener('scroll', callback, { passive: true });
  return () => window.removeEventListener('scroll', callback);
}

/**
 * True once the page is scrolled past `threshold` pixels. The server snapshot is false
 * (the static HTML is rendered at the top), so hydration never mismatches.
 */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
}

/** Both headers hide when scrolling down past this many pixels (spec, section 9). */
export const HEADER_HIDE_THRESHOLD = 50;

/**
 * Whether a header should hide: scrolling down past `threshold` hides it; scrolling up,
 * or being within `threshold` of the top, shows it.
 */
export function useHideOnScrollDown(threshold = HEADER_HIDE_THRESHOLD): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= threshold) setHidden(false);
      else if (y > last) setHidden(true);
      else if (y < last) setHidden(false);
      last = y;
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return hidden;
}
