import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app.tsx';

export { headFor, robotsTxt, sitemapXml } from './head.ts';

/**
 * Renders a route to HTML at build time (scripts/build.ts), waiting for every lazy part.
 * Boundaries are never split out of the page (`progressiveChunkSize`), so the HTML has no
 * inline script to complete them: the site's CSP allows none.
 */
export async function render(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script')) {
    throw new Error(`Le rendu de ${url} contient un script en ligne, que la CSP bloquerait.`);
  }
  return html;
}
