import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { DocumentData } from './model/page-data.ts';
import { App } from './app.tsx';
import { pageOf } from './pages/index.ts';
import { settled } from './route-data.tsx';

/** Renders the page at `path` from its data to the HTML that goes inside #root. Pure and deterministic. */
export function renderRoute(path: string, data: DocumentData): string {
  const source = { load: () => settled(data.route) };
  return renderToString(
    <StaticRouter location={path}>
      <App layout={data.layout} source={source} pageOf={pageOf} />
    </StaticRouter>,
  );
}
