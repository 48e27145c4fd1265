import { useEffect, type AnchorHTMLAttributes } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/*
 * Links within the site are plain <a href> elements, drawn the same on the server and in
 * the browser; <LinkNavigation> turns a click on one into a client-side navigation with
 * React Router. Its Link and NavLink resolve paths and route matches on every render (a
 * fifth of a large build's render time) and weigh on every first visit's script; the
 * site's links are all plain root-relative paths, and need neither.
 */

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/** A link to a page of the site, by its path. */
export function Link({ to, ...rest }: AnchorProps & { to: string }) {
  return <a {...rest} href={to} />;
}

/**
 * A navigation link marked current (aria-current="page" and the "active" class) on its
 * page and, unless `end`, below it; paths compare without regard to letter case.
 */
export function NavLink({ to, end = false, className = '', ...rest }: AnchorProps & { to: string; end?: boolean }) {
  const here = useLocation().pathname.toLowerCase();
  const target = to.toLowerCase();
  const base = target !== '/' && target.endsWith('/') ? target.slice(0, -1) : target;
  const active = here === target || (!end && here.startsWith(base) && here.charAt(base.length) === '/');
  return <a {...rest} aria-current={active ? 'page' : undefined} className={[className, active ? 'active' : null].filter(Boolean).join(' ')} href={to} />;
}

/** The link a click follows within the site as a client-side navigation, or null (a new tab, another site, a jump on this page). */
export function internalLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || anchor.target || anchor.hasAttribute('download') || !anchor.hasAttribute('href')) return null;
  const url = new URL(anchor.href, window.location.href);
  // A fragment of this page (the skip link) is a jump, not a navigation.
  if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url.origin === window.location.origin ? anchor : null;
}

/** Follows clicks on the site's own links as client-side navigations (React Router), for the whole page. */
export function LinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = internalLinkOf(event);
      if (!anchor) return;
      event.preventDefault();
      const url = new URL(anchor.href);
      navigate(url.pathname + url.search + url.hash);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}
