/**
 * Builds the site: fonts, pictures, the browser bundles, then every route prerendered to
 * HTML so that pages read without JavaScript and paint fast. Output: dist/web.
 *
 * Public pages (src-web/index.html, site/main.ts) carry the CSS their own markup uses in a
 * <style> element, with the full stylesheet moved to the end of the body where it no longer
 * holds up the first paint; the private screens (src-web/admin.html) are the React app.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as BeastiesModule from 'beasties';
import { build } from 'vite';
import { ALL_ROUTES, isPrivateRoute } from '../shared/domain/routes.ts';
import { prerenderedFile } from '../src-server/site.ts';
import { generateFonts } from './fonts.ts';
import { generateIconSprite } from './icons.ts';
import { generateImages } from './images.ts';
import { precompress } from './precompress.ts';

// Node loads the package's CommonJS build, which is the class itself; its types describe the
// default export of its ES module build.
const Beasties = createRequire(import.meta.url)(
  'beasties',
) as typeof BeastiesModule.default.default;

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');
const ssrDir = path.join(root, 'dist/ssr');

interface ServerEntry {
  render(url: string): Promise<string>;
  headFor(route: string): string;
  robotsTxt(): string;
  sitemapXml(lastModified: string): string;
}

/**
 * Inlines the rules a public page's markup uses (with the @font-face rules, without
 * preloading the fonts: they would compete with the first banner) and moves the stylesheet
 * to the end of the body. No inline script or event handler: the CSP allows none.
 */
function criticalCss() {
  return new Beasties({
    path: webDir,
    publicPath: '/',
    preload: 'body',
    inlineFonts: true,
    preloadFonts: false,
    pruneSource: false,
    logLevel: 'warn',
  });
}

export async function buildSite() {
  const started = performance.now();
  await Promise.all([generateImages(), generateIconSprite(), generateFonts()]);
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: path.join(root, 'src-web/entry-server.tsx'), outDir: ssrDir, emptyOutDir: true },
  });

  const entry = (await import(
    pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
  )) as ServerEntry;
  const templates = {
    public: await readFile(path.join(webDir, 'index.html'), 'utf8'),
    admin: await readFile(path.join(webDir, 'admin.html'), 'utf8'),
  };
  const noScriptStyle = await readFile(path.join(root, 'src-web/styles/no-script.css'), 'utf8');
  const beasties = criticalCss();

  const publicPage = async (head: string, html: string) => {
    const page = await beasties.process(
      templates.public.replace('<!--app-head-->', head).replace('<!--app-html-->', html),
    );
    // After Beasties, which would trim these rules to the elements of the page it sees.
    return page.replace(
      '</head>',
      `<noscript><style>${noScriptStyle
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .trim()}</style></noscript>\n  </head>`,
    );
  };
  const adminPage = (head: string, html: string) =>
    templates.admin.replace('<!--app-head-->', head).replace('<!--app-html-->', html);

  await mkdir(path.join(webDir, 'routes'), { recursive: true });
  for (const route of ALL_ROUTES) {
    const head = entry.headFor(route);
    const html = await entry.render(route);
    await writeFile(
      path.join(webDir, prerenderedFile(route)),
      isPrivateRoute(route) ? adminPage(head, html) : await publicPage(head, html),
    );
  }
  await writeFile(
    path.join(webDir, '404.html'),
    await publicPage(entry.headFor('notFound'), await entry.render('/__page-introuvable__')),
  );
  await writeFile(path.join(webDir, 'robots.txt'), entry.robotsTxt());
  await writeFile(
    path.join(webDir, 'sitemap.xml'),
    entry.sitemapXml(new Date().toISOString().slice(0, 10)),
  );
  // Only the prerendered pages are served; the bare templates would be empty pages.
  await Promise.all([
    rm(path.join(webDir, 'index.html')),
    rm(path.join(webDir, 'admin.html')),
    rm(ssrDir, { recursive: true, force: true }),
    rm(path.join(webDir, '.vite'), { recursive: true, force: true }),
  ]);
  const compressed = await precompress(webDir);
  console.log(
    `${compressed.files} fichiers compressés : ${Math.round(compressed.before / 1024)} kB → ${Math.round(compressed.after / 1024)} kB (Brotli).`,
  );
  console.log(
    `Site construit dans dist/web en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

if (import.meta.main) {
  await buildSite();
}
