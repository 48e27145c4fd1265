import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSiteData } from '../data.tsx';
import { titleForPath } from '../page-meta.ts';
import { areaOf } from '../routes.ts';
import { AgencyHeader } from './agency-header.tsx';
import { FloatingButton } from './floating-button.tsx';
import { MainHeader } from './main-header.tsx';
import { PageTransition } from './page-transition.tsx';
import { SiteFooter } from './site-footer.tsx';

/**
 * The chrome around every page, chosen by path: nothing on /login, the agency header and
 * Call Now on /agency* and /get-started, the main header and Join Discord elsewhere.
 * After a client-side navigation it updates the title, scrolls to the top, moves focus
 * to the new page's heading and announces the page.
 */
export function Layout() {
  const data = useSiteData();
  const { pathname, hash } = useLocation();
  const area = areaOf(pathname);
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const title = titleForPath(data.titles, pathname);
    document.title = title;
    if (!hash) window.scrollTo(0, 0);
    const target = document.getElementById('page-title') ?? document.getElementById('main');
    target?.focus({ preventScroll: true });
    setAnnouncement(title);
  }, [data, pathname, hash]);

  return (
    <div className={`app app--${area}`}>
      <a className="skip-link" href="#main">
        {data.labels.skipToContent}
      </a>
      {area === 'main' ? <MainHeader /> : area === 'agency' ? <AgencyHeader /> : null}
      <PageTransition>
        <main id="main" tabIndex={-1} className={`main main--${area}`}>
          <Outlet />
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
