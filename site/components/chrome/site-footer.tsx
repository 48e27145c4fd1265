import { ExternalLink, Link, useLayout } from '../ui/index.ts';
import type { Area } from '../../model/routes.ts';

type FooterArea = Exclude<Area, 'bare'>;

/** The footer: the area's links, contact, and the copyright line. */
export function SiteFooter({ area }: { area: FooterArea }) {
  const { site, agency, navigation, labels } = useLayout();
  const links = area === 'agency' ? navigation.agency : navigation.main;
  return (
    <footer className="site-footer">
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
    </footer>
  );
}
