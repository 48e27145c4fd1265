import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router-dom';
import type { SiteData } from '../../generator/content/derive.ts';
import { Link } from './ui/link.tsx';
import { SiteDataProvider, useSiteData } from '../data.tsx';
import { ExternalLink } from './ui/external-link.tsx';
import type { Area } from '../routes.ts';

type FooterArea = Exclude<Area, 'bare'>;

/*
 * The footer is the same on every page of an area, so the server draws its inside once
 * per content and area (renderServerFooters, before a page's own render) and each page
 * takes it as is: on a course page it is a third of the elements React would draw. The
 * browser draws it, and hydrates what the server wrote, as ever (a test renders every
 * page both ways).
 */
const serverFooters = new WeakMap<SiteData, Record<FooterArea, string>>();

/**
 * Draws the footers of `data` for the server's renders from now on, unless drawn already;
 * `render` turns a tree into HTML (react-dom/server, which the browser bundle leaves out).
 */
export function renderServerFooters(data: SiteData, render: (tree: ReactNode) => string): void {
  if (serverFooters.has(data)) return;
  const draw = (area: FooterArea) =>
    render(
      <SiteDataProvider data={data}>
        <StaticRouter location="/">
          <FooterInside area={area} />
        </StaticRouter>
      </SiteDataProvider>,
    );
  serverFooters.set(data, { main: draw('main'), agency: draw('agency') });
}

/** Stops using drawn footers for `data` (tests compare both ways). */
export function forgetServerFooters(data: SiteData): void {
  serverFooters.delete(data);
}

/** The footer: the area's links, contact, and the copyright line. */
export function SiteFooter({ area }: { area: FooterArea }) {
  const html = serverFooters.get(useSiteData())?.[area];
  // Drawn text of the site's own footer (its content escaped by React when drawn).
  if (html !== undefined) return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <footer className="site-footer">
      <FooterInside area={area} />
    </footer>
  );
}

function FooterInside({ area }: { area: FooterArea }) {
  const { site, agency, navigation, labels } = useSiteData();
  const links = area === 'agency' ? navigation.agency : navigation.main;
  return (
    <>
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name" id="footer-name">
            {area === 'agency' ? agency.name : site.name}
          </p>
          <p>{area === 'agency' ? agency.tagline : site.footer.text}</p>
        </div>
        <nav aria-labelledby="footer-name">
          <ul className="site-footer__links">
            {links.map((item) => (
              <li key={item.href}>
                <Link to={item.href}>{item.label}</Link>
              </li>
            ))}
            <li>{area === 'agency' ? <Link to="/">{labels.backToMainSite}</Link> : <Link to="/agency">{agency.name}</Link>}</li>
          </ul>
        </nav>
        <ul className="site-footer__contact">
          <li>
            <ExternalLink href={site.discordUrl}>{labels.joinDiscord}</ExternalLink>
          </li>
          <li>
            <a href={`mailto:${area === 'agency' ? agency.email : site.email}`}>{area === 'agency' ? agency.email : site.email}</a>
          </li>
          <li>
            <a href={agency.phone.href}>{agency.phone.display}</a>
          </li>
        </ul>
      </div>
      <p className="site-footer__copyright">{site.footer.copyright}</p>
    </>
  );
}
