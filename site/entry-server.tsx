import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { SiteData } from '../generator/content/derive.ts';
import { App } from './app.tsx';
import { PAGES } from './pages/index.ts';
import { drawServerLinks } from './components/ui/link.tsx';
import { renderServerFooters } from './components/site-footer.tsx';

// Links here are only markup: drawn plainly (components/ui/link.tsx).
drawServerLinks(true);

/** Renders one URL of the site to the HTML that goes inside #root. Pure and deterministic. */
export function renderRoute(data: SiteData, path: string): string {
  renderServerFooters(data, renderToString);
  return renderToString(
    <StaticRouter location={path}>
      <App data={data} pages={PAGES} only={path} />
    </StaticRouter>,
  );
}
