import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { isPrivateRoute, pathLanguage } from '../../shared/domain/routes.ts';
import { AdminApp } from '../admin/admin-app.tsx';
import { ContactFormRoot } from '../site/features/contact/contact-form-root.tsx';
import { fillContactFormSlots } from '../site/features/contact/contact-form-slot.tsx';
import { PublicPage } from '../site/public-page.tsx';

export { headFor, robotsTxt, sitemapXml } from './head.ts';
// The locale table this bundle was built with, and the paths derived from it (scripts/build.ts
// writes the pages from them, so that a table given to the build is the one it follows).
export { LOCALES } from '../../shared/domain/locales.ts';
export { localizedPath, notFoundFile, pathLanguage } from '../../shared/domain/routes.ts';

/**
 * Hydratable HTML of a React tree, waiting for every lazy part. Boundaries are never split
 * out of the page (`progressiveChunkSize`), so the HTML has no inline script to complete
 * them: the site's CSP allows none.
 */
async function hydratableHtml(tree: ReactNode): Promise<string> {
  const { prelude } = await prerender(tree, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

/**
 * React writes a preload link for each eager <img> it meets at the start of the markup; the
 * page's head (head.ts) already preloads the one picture the first paint needs, so these only
 * compete with it for a slow link.
 */
function withoutImagePreloads(html: string): string {
  return html.replace(/^(?:<link rel="preload" as="image"[^>]*>)+/, '');
}

/**
 * Renders a route to HTML at build time (scripts/build.ts). A public page is plain markup
 * (never hydrated as a whole) with the contact form written in as the root it becomes in
 * the browser; the private screens are the admin app, hydrated whole.
 */
export async function render(url: string): Promise<string> {
  const html = isPrivateRoute(url)
    ? await hydratableHtml(
        <StrictMode>
          <StaticRouter location={url}>
            <AdminApp />
          </StaticRouter>
        </StrictMode>,
      )
    : fillContactFormSlots(
        withoutImagePreloads(renderToStaticMarkup(<PublicPage path={url} />)),
        await hydratableHtml(<ContactFormRoot language={pathLanguage(url)} />),
      );
  if (html.includes('<script')) {
    throw new Error(`Le rendu de ${url} contient un script en ligne, que la CSP bloquerait.`);
  }
  return html;
}
