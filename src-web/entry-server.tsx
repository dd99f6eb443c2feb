import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app.tsx';

export { headFor, robotsTxt, sitemapXml } from './head.ts';

/** Renders a route to HTML at build time, waiting for every lazy part (scripts/build.ts). */
export async function render(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
