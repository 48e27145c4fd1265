import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';
import { LinkNavigation, useLayout, useRouteData } from '../ui/index.ts';
import { areaOf } from '../../model/routes.ts';
import { AgencyHeader } from './agency-header.tsx';
import { FloatingButton } from './floating-button.tsx';
import { MainHeader } from './main-header.tsx';
import { PageTransition } from './page-transition.tsx';
import { SiteFooter } from './site-footer.tsx';

/**
 * The chrome around every page, chosen by path: nothing on /login, the agency header and
 * Call Now on /agency* and /get-started, the main header and Join Discord elsewhere.
 * After a client-side navigation it updates the title, scrolls to the top, moves focus
 * to the new page's heading and announces the page, once the page has rendered (back and
 * forward: the title and the announcement only).
 */
export function Layout({ children }: { children: ReactNode }) {
  const data = useLayout();
  const { pathname } = useLocation();
  const area = areaOf(pathname);
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);

  // Called by the page once it has rendered (PageArrived), so a page that waited for its
  // data has its heading in place before focus moves to it.
  // A fragment of the same page (the skip link, #refund) is not a new page: no title,
  // focus or announcement. Back and forward keep where the browser puts the scroll, and
  // focus with it, as a full page load would: only the new title is announced.
  const shownPath = useRef(pathname);
  const arrive = useCallback(
    (pathname: string, hash: string, type: NavigationType, title: string) => {
      if (first.current || (hash && pathname === shownPath.current)) {
        first.current = false;
        return;
      }
      shownPath.current = pathname;
      document.title = title;
      if (type !== NavigationType.Pop) {
        if (!hash) window.scrollTo(0, 0);
        const target = document.getElementById('page-title') ?? document.getElementById('main');
        target?.focus({ preventScroll: true });
      }
      setAnnouncement(title);
    },
    [],
  );

  return (
    <div className={`app app--${area}`}>
      <LinkNavigation />
      <a className="skip-link" href="#main">
        {data.labels.skipToContent}
      </a>
      {area === 'main' ? <MainHeader /> : area === 'agency' ? <AgencyHeader /> : null}
      <PageTransition>
        <main id="main" tabIndex={-1} className={`main main--${area}`}>
          <ArrivalContext.Provider value={arrive}>
            {children}
          </ArrivalContext.Provider>
        </main>
        {area === 'bare' ? null : <SiteFooter area={area} />}
      </PageTransition>
      {area === 'bare' ? null : <FloatingButton area={area} />}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}

const ArrivalContext = createContext<((pathname: string, hash: string, type: NavigationType, title: string) => void) | null>(null);

/**
 * Rendered after each page, inside its Suspense boundary: its effect runs once the page
 * has rendered, including a page that waited for its chunk or its data.
 */
export function PageArrived() {
  const arrive = useContext(ArrivalContext);
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  const { title } = useRouteData();
  useEffect(() => arrive?.(pathname, hash, type, title), [arrive, pathname, hash, type, title]);
  return null;
}
