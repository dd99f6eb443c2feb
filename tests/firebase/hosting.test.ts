/**
 * firebase.json's Hosting part: every route served with its prerendered page, the empty
 * path sent to the home page, anything else the not-found page with a 404, long caching for
 * hashed assets. Checked against the Hosting emulator (pure Node) on a small stand-in build.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/domain/locales.ts';
import {
  localeOf,
  localizedPath,
  notFoundFile,
  PAGE_ROUTES,
  ROUTES,
} from '../../shared/domain/routes.ts';
import { PAGE_SCRIPT_LOADER_CSP_SOURCE } from '../../src-server/security/headers.ts';
import { prerenderedFile, SERVED_PAGES } from '../../src-server/site.ts';
import type { ToolsEmulators } from '../../scripts/firebase-emulators.ts';
import { FUNCTIONS_REGION } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import { WHATSAPP_TAP_PATH } from '../../shared/domain/whatsapp-taps.ts';
import { present, ROOT, startHostingOrSkip } from './emulators.ts';

const requireFromTools = createRequire(path.join(ROOT, 'node_modules/firebase-tools/package.json'));

interface HostingConfig {
  public: string;
  ignore: string[];
  rewrites: ({ source: string } & ({ destination: string } | { function: unknown }))[];
  redirects: { source: string; destination: string; type: number }[];
  headers: { source: string; headers: { key: string; value: string }[] }[];
  [key: string]: unknown;
}

const firebaseJson = JSON.parse(await readFile(path.join(ROOT, 'firebase.json'), 'utf8')) as {
  hosting: HostingConfig;
};
const hosting = firebaseJson.hosting;

describe('firebase.json hosting', () => {
  it('serves the build of the site, dist/web', () => {
    expect(hosting.public).toBe('dist/web');
  });

  it('allows the pages’ one inline script, the loader of their script, by its hash', () => {
    const csp = JSON.stringify(hosting).match(/script-src [^;]*/)?.[0];
    expect(csp).toContain(PAGE_SCRIPT_LOADER_CSP_SOURCE);
    expect(csp).not.toContain('unsafe-inline');
  });

  // The lines of each language, held to the locale table (shared/domain/locales.ts): a
  // language added there fails here until firebase.json has its lines.
  const otherLocales = LOCALES.slice(1);

  it('rewrites every route of every language to its prerendered page, and nothing else', () => {
    expect(hosting.rewrites).toEqual([
      // The WhatsApp button's redirect, which counts the tap (docs/inbox.md).
      {
        source: WHATSAPP_TAP_PATH,
        function: { functionId: 'whatsappTap', region: FUNCTIONS_REGION },
      },
      ...SERVED_PAGES.map((route) => ({
        source: route,
        destination: `/${prerenderedFile(route)}`,
      })),
      // Hosting has one 404.html: an unknown address under a language's prefix gets that
      // language's page by a rewrite, with a 200 (the page itself is marked noindex).
      ...otherLocales.map(({ code, prefix }) => ({
        source: `${prefix}/**`,
        destination: `/${notFoundFile(code)}`,
      })),
    ]);
  });

  it('sends each language’s bare prefix to its home page', () => {
    expect(hosting.redirects).toEqual(
      expect.arrayContaining(
        otherLocales.map(({ code, prefix }) => ({
          source: prefix,
          destination: localizedPath(ROUTES.home, code),
          type: 302,
        })),
      ),
    );
    // No redirect for a prefix the table does not have.
    const prefixes = new Set<string>(otherLocales.map(({ prefix }) => prefix));
    const languageRedirects = hosting.redirects.filter(({ source }) =>
      /^\/[a-z]{2,3}$/.test(source),
    );
    expect(languageRedirects.every(({ source }) => prefixes.has(source))).toBe(true);
  });

  it('keeps every language’s pages out of long caches', () => {
    const noCache = hosting.headers
      .filter(({ headers }) => headers.some(({ value }) => value === 'no-cache'))
      .map(({ source }) => source);
    expect(noCache).toEqual(
      expect.arrayContaining(['/page*', ...otherLocales.map(({ prefix }) => `${prefix}/**`)]),
    );
  });
});

/** A stand-in for dist/web: every prerendered page, the 404 page, an asset, the manifest. */
async function standInBuild(dir: string) {
  const site = path.join(dir, 'site');
  for (const folder of ['routes/ar', 'assets', '.vite']) {
    await mkdir(path.join(site, folder), { recursive: true });
  }
  for (const route of SERVED_PAGES) {
    await writeFile(path.join(site, prerenderedFile(route)), `<p>page ${route}</p>`);
  }
  await writeFile(path.join(site, '404.html'), '<p>page introuvable</p>');
  await writeFile(path.join(site, notFoundFile('ar')), '<p>الصفحة غير موجودة</p>');
  await writeFile(path.join(site, 'assets/main-AbC123.js'), 'console.log(1);');
  await writeFile(path.join(site, '.vite/manifest.json'), '{}');
}

const available = await startHostingOrSkip('tests de l’émulateur Firebase Hosting', {
  config: { hosting: { ...hosting, public: 'site' } },
  prepare: standInBuild,
});

describe.skipIf(!available)('firebase.json hosting, served by the emulator', () => {
  let emulators: ToolsEmulators;
  let base = '';

  beforeAll(async () => {
    emulators = present(available);
    base = `http://${emulators.hosts.hosting}`;
  });

  afterAll(async () => {
    await emulators?.stop();
  }, 30_000);

  it('sends the empty path to the home page', async () => {
    const response = await fetch(`${base}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '', base).pathname).toBe(ROUTES.home);
  });

  const arabic = localeOf('ar').prefix;

  it('sends /ar to the Arabic home page', async () => {
    const response = await fetch(`${base}${arabic}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '', base).pathname).toBe(
      `${arabic}${ROUTES.home}`,
    );
  });

  it('answers an unknown Arabic address with the Arabic not-found page', async () => {
    const response = await fetch(`${base}${arabic}/page-inconnue`, { redirect: 'manual' });
    expect(await response.text()).toBe('<p>الصفحة غير موجودة</p>');
  });

  it('answers each route with its prerendered page, not cached for long, with a CSP', async () => {
    for (const route of PAGE_ROUTES) {
      const response = await fetch(`${base}${route}`, { redirect: 'manual' });
      expect(response.status, route).toBe(200);
      expect(await response.text()).toBe(`<p>page ${route}</p>`);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('answers any other path with the not-found page and a 404', async () => {
    for (const url of ['/login', '/pageaccueil', '/pageAccueil/plus', '/index.html']) {
      const response = await fetch(`${base}${url}`, { redirect: 'manual' });
      expect(response.status, url).toBe(404);
      expect(await response.text()).toBe('<p>page introuvable</p>');
    }
  });

  it('caches hashed assets for a year', async () => {
    const asset = await fetch(`${base}/assets/main-AbC123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await asset.body?.cancel();
  });

  it('deploys the pages and assets, not the build manifest', () => {
    // The emulator serves every file; `ignore` applies when deploying: ask the CLI's own
    // lister what `firebase deploy` would upload.
    const { listFiles } = requireFromTools('./lib/listFiles.js') as {
      listFiles(cwd: string, ignore: string[]): string[];
    };
    const uploaded = listFiles(path.join(emulators.dir, 'site'), hosting.ignore).sort();
    expect(uploaded).toContain('routes/pageAccueil.html');
    expect(uploaded).toContain('404.html');
    expect(uploaded).toContain('assets/main-AbC123.js');
    expect(uploaded.filter((file) => file.startsWith('.'))).toEqual([]);
  });
});
