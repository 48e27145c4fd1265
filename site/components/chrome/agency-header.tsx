import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { Icon, Link, NavLink, useLayout } from '../ui/index.ts';
import { SoundToggle } from './sound-toggle.tsx';
import { useHideOnScrollDown } from '../../hooks/use-scroll.ts';

/**
 * The agency area's header: its four pages, a way back to the main site and Call Now.
 * NavLink marks the current page with aria-current="page" and the active class. Hides on
 * scroll down and returns on scroll up, as the main header does.
 */
export function AgencyHeader() {
  const { agency, labels, navigation } = useLayout();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // Like the main header, it makes way when scrolling down (spec, section 9): on a phone it
  // is two rows tall, a third of the screen held sideways.
  const hidden = useHideOnScrollDown();
  // On phones the links scroll sideways: keep the current page's link in view.
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list.current || !active) return;
    const { scrollLeft, clientWidth } = list.current;
    if (active.offsetLeft < scrollLeft || active.offsetLeft + active.offsetWidth > scrollLeft + clientWidth)
      list.current.scrollLeft = Math.max(0, active.offsetLeft - 16);
  }, [pathname]);
  return (
    <header className={`site-header site-header--agency${hidden ? ' site-header--hidden' : ''}`}>
      <div className="site-header__inner">
        <Link to="/agency" className="brand">
          <span className="brand__mark" aria-hidden="true">
            <Icon name="brain" />
          </span>
          <span className="brand__name">{agency.name}</span>
        </Link>
        <nav className="agency-nav" aria-label={labels.agencyNavigation}>
          {/* A focused link in the scrolling row is brought wholly into view: browsers leave
              a partly visible one where it is, half under the row's fading edge. */}
          <ul className="agency-nav__list" ref={list} onFocus={(event) => event.target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })}>
            {navigation.agency.map((item) => (
              <li key={item.href}>
                <NavLink to={item.href} end className="agency-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Link to="/" className="agency-nav__link agency-nav__link--back">
                <Icon name="arrow-left" />
                {labels.backToMainSite}
              </Link>
            </li>
            <li>
              <a href={agency.phone.href} className="button button--primary button--small">
                <Icon name="phone" />
                {labels.callNow}
              </a>
            </li>
          </ul>
        </nav>
        <SoundToggle />
      </div>
    </header>
  );
}
