import { createContext, useContext, type ReactNode } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink, useLocation, type LinkProps, type NavLinkProps } from 'react-router-dom';
import { isPlainPath } from '../../model/plain-path.ts';

/*
 * React Router's Link and NavLink, drawn as plain markup when the server renders. There a
 * link is only its <a>: the click handler, prefetching and view transitions are for the
 * browser, yet Link resolves its path, its click handler's path and its route matches on
 * every render, with a dozen hooks. For a plain root-relative path, and no prop only the
 * router knows, the server draws the same <a> React Router would, attribute for attribute
 * (a test renders every page both ways); anything else goes to React Router. The browser
 * always gets React Router's, so hydration attaches its handlers to the same markup.
 */

const PlainLinks = createContext(false);

/** Below this, links are drawn as plain markup: for the server's renderer, which only writes HTML. */
export function ServerLinks({ children }: { children: ReactNode }) {
  return <PlainLinks.Provider value={true}>{children}</PlainLinks.Provider>;
}

/** Props only React Router acts on: given any of them, its own Link draws the link. */
const ROUTER_PROPS = ['onClick', 'discover', 'prefetch', 'relative', 'reloadDocument', 'replace', 'mask', 'state', 'target', 'preventScrollReset', 'viewTransition', 'defaultShouldRevalidate'];

const routerOnly = (props: object) => ROUTER_PROPS.some((name) => name in props);

/** A link within the site: React Router's Link. */
export function Link(props: LinkProps) {
  const plain = useContext(PlainLinks);
  const { to, ...rest } = props;
  if (!plain || typeof to !== 'string' || !isPlainPath(to) || routerOnly(rest)) return <RouterLink {...props} />;
  // React Router's own order: the other props, then href and data-discover.
  return <a {...rest} href={to} data-discover="true" />;
}

/** A navigation link marked current (aria-current and the "active" class) on its page and below: React Router's NavLink. */
export function NavLink(props: NavLinkProps) {
  const plainLinks = useContext(PlainLinks);
  const location = useLocation();
  const { 'aria-current': ariaCurrent = 'page', caseSensitive = false, className = '', end = false, style, to, children, ...rest } = props;
  const plain = plainLinks && typeof to === 'string' && isPlainPath(to) && typeof className === 'string' && typeof children !== 'function';
  if (!plain || style !== undefined || routerOnly(rest)) return <RouterNavLink {...props} />;
  // As React Router decides it, without a data router (nothing pending, no transition).
  const toPathname = caseSensitive ? to : to.toLowerCase();
  const here = caseSensitive ? location.pathname : location.pathname.toLowerCase();
  const endSlash = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const active = here === toPathname || (!end && here.startsWith(toPathname) && here.charAt(endSlash) === '/');
  return (
    <Link {...rest} aria-current={active ? ariaCurrent : undefined} className={[className, active ? 'active' : null].filter(Boolean).join(' ')} to={to}>
      {children}
    </Link>
  );
}
