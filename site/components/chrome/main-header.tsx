import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { ExternalLink, Icon, Link, NavLink, useLayout } from '../ui/index.ts';
import { useHideOnScrollDown } from '../../hooks/use-scroll.ts';
import { SoundToggle } from './sound-toggle.tsx';

/**
 * The community site's header: brand, the five section links and Join Discord. Hides on
 * scroll down, returns on scroll up; on small screens the links sit in a toggle menu.
 */
export function MainHeader() {
  const { site, labels, navigation } = useLayout();
  const hidden = useHideOnScrollDown();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // Focus moving out of the header (tabbing on into the page) closes the menu, which would
  // otherwise cover what is focused next.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !event.currentTarget.contains(next)) setOpen(false);
  };

  return (
    <header className={`site-header${hidden && !open ? ' site-header--hidden' : ''}`} onBlur={onBlur}>
      <div className="site-header__inner">
        <Link to="/" className="brand">
          {/* A logo from content.yaml: one format (PNG, or JPEG), whose few bytes do not pay for <picture> in every page's script. */}
          {site.logo ? (
            <img className="brand__mark brand__mark--logo" src={site.logo.src} srcSet={site.logo.sources[0]!.srcset} sizes={site.logo.sizes} width={site.logo.width} height={site.logo.height} alt={site.logo.alt} />
          ) : (
            <span className="brand__mark" aria-hidden="true">
              <Icon name="rocket" />
            </span>
          )}
          <span className="brand__name">{site.name}</span>
        </Link>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? 'close' : 'menu'} />
          <span className="visually-hidden">{open ? labels.menuClose : labels.menuOpen}</span>
        </button>
        <nav id={menuId} className={`site-nav${open ? ' site-nav--open' : ''}`} aria-label={labels.mainNavigation}>
          {/* Any link in the menu closes it, Join Discord too (it opens a new tab, and the menu should not be waiting open on return). */}
          <ul className="site-nav__list" onClick={(event) => (event.target as Element).closest('a') && setOpen(false)}>
            {navigation.main.map((item) => (
              <li key={item.href}>
                <NavLink to={item.href} className="site-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="site-nav__cta">
              <ExternalLink href={site.discordUrl} className="button button--primary button--small">
                {labels.joinDiscord}
              </ExternalLink>
            </li>
          </ul>
        </nav>
        <SoundToggle />
      </div>
    </header>
  );
}
