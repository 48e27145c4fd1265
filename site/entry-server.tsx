import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { SiteData } from './model/site-data.ts';
import { App } from './app.tsx';
import { PAGES } from './pages/index.ts';
import { ServerLinks } from './components/ui/link.tsx';

/** Renders one URL of the site to the HTML that goes inside #root. Pure and deterministic. */
export function renderRoute(data: SiteData, path: string): string {
  return renderToString(
    <StaticRouter location={path}>
      <ServerLinks>
        <App data={data} pages={PAGES} only={path} />
      </ServerLinks>
    </StaticRouter>,
  );
}
