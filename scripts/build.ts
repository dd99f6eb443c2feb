/**
 * Builds the public site: pictures, the browser bundle, then every route prerendered to
 * HTML so that pages read without JavaScript and paint fast. Output: dist/web.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { ALL_ROUTES } from '../shared/domain/routes.ts';
import { prerenderedFile } from '../src-server/site.ts';
import { buildAdminApp } from './build-admin-app.ts';
import { generateIconSprite } from './icons.ts';
import { generateImages } from './images.ts';
import { precompress } from './precompress.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');
const ssrDir = path.join(root, 'dist/ssr');

interface ServerEntry {
  render(url: string): Promise<string>;
  headFor(route: string): string;
  robotsTxt(): string;
  sitemapXml(lastModified: string): string;
}

export async function buildSite() {
  const started = performance.now();
  await Promise.all([generateImages(), generateIconSprite()]);
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: path.join(root, 'src-web/entry-server.tsx'), outDir: ssrDir, emptyOutDir: true },
  });

  const entry = (await import(
    pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
  )) as ServerEntry;
  const templatePath = path.join(webDir, 'index.html');
  const template = await readFile(templatePath, 'utf8');
  const page = (head: string, html: string) =>
    template.replace('<!--app-head-->', head).replace('<!--app-html-->', html);

  await mkdir(path.join(webDir, 'routes'), { recursive: true });
  for (const route of ALL_ROUTES) {
    const html = await entry.render(route);
    await writeFile(path.join(webDir, prerenderedFile(route)), page(entry.headFor(route), html));
  }
  await writeFile(
    path.join(webDir, '404.html'),
    page(entry.headFor('notFound'), await entry.render('/__page-introuvable__')),
  );
  await writeFile(path.join(webDir, 'robots.txt'), entry.robotsTxt());
  await writeFile(
    path.join(webDir, 'sitemap.xml'),
    entry.sitemapXml(new Date().toISOString().slice(0, 10)),
  );
  await buildAdminApp(root, webDir);
  // Only the prerendered pages are served; the bare template would be an empty page.
  await rm(templatePath);
  await rm(ssrDir, { recursive: true, force: true });
  await rm(path.join(webDir, '.vite'), { recursive: true, force: true });
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
