import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENCY_EMAIL_LOGO_PATH } from '../../shared/content/agency.ts';
import { PAGE_ROUTES } from '../../shared/domain/routes.ts';
import { notFoundFile } from '../../shared/domain/routes.ts';
import { prerenderedFile, SERVED_PAGES, sitePlugin } from '../../src-server/site.ts';

let webDir: string;
let app: FastifyInstance;

beforeEach(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'site-'));
  mkdirSync(path.join(webDir, 'routes/ar'), { recursive: true });
  mkdirSync(path.join(webDir, 'assets'));
  for (const route of SERVED_PAGES) {
    writeFileSync(path.join(webDir, prerenderedFile(route)), `<html>page ${route}</html>`);
  }
  writeFileSync(path.join(webDir, '404.html'), '<html>page introuvable</html>');
  writeFileSync(path.join(webDir, notFoundFile('ar')), '<html>الصفحة غير موجودة</html>');
  writeFileSync(path.join(webDir, 'assets/main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *');
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(webDir, 'img'));
  writeFileSync(path.join(webDir, AGENCY_EMAIL_LOGO_PATH), 'png');
  writeFileSync(path.join(webDir, 'img/icon-512.png'), 'png');
  app = Fastify();
  await app.register(sitePlugin, { webDir });
});

afterEach(async () => {
  await app.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('site serving', () => {
  it('answers every route of both languages, and the client’s pages of a quote and of an invoice, with its page', async () => {
    expect(PAGE_ROUTES).toContain('/ar/pageContact');
    expect(SERVED_PAGES).toEqual([...PAGE_ROUTES, '/pageDevis', '/pageFacture']);
    for (const route of SERVED_PAGES) {
      const response = await app.inject({ url: route });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toBe(`<html>page ${route}</html>`);
    }
  });

  it('redirects the empty path to the home page', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/pageAccueil');
  });

  it('redirects a route with a trailing slash to the route, its query kept', async () => {
    for (const route of PAGE_ROUTES) {
      const response = await app.inject({ url: `${route}/` });
      expect(response.statusCode, route).toBe(301);
      expect(response.headers.location, route).toBe(route);
    }
    const withQuery = await app.inject({ url: '/pageDashboard/?message=abc' });
    expect(withQuery.headers.location).toBe('/pageDashboard?message=abc');
  });

  it('answers /favicon.ico with the site’s icon', async () => {
    const response = await app.inject({ url: '/favicon.ico' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/favicon.svg');
    const icon = await app.inject({ url: response.headers.location });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('redirects /ar to the Arabic home page, whatever the browser’s language', async () => {
    const response = await app.inject({ url: '/ar', headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/ar/pageAccueil');
    const french = await app.inject({ url: '/pageAccueil', headers: { 'accept-language': 'ar' } });
    expect(french.body).toBe('<html>page /pageAccueil</html>');
  });

  it('answers unknown Arabic addresses with the Arabic not-found page and a 404', async () => {
    for (const url of ['/ar/inconnue', '/ar/pageLogin', '/ar/pageAccueil/suite?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toBe('<html>الصفحة غير موجودة</html>');
    }
  });

  it('answers unknown paths with the not-found page and a 404', async () => {
    for (const url of ['/inconnue', '/pageaccueil', '/pageAccueil/suite', '/index.html']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toBe('<html>page introuvable</html>');
    }
  });

  it('serves hashed assets with a long cache and other files with a short one', async () => {
    const asset = await app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('lets mail programs on other sites show the e-mails’ logo, and nothing else', async () => {
    const logo = await app.inject({ url: AGENCY_EMAIL_LOGO_PATH });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const other = await app.inject({ url: '/img/icon-512.png' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['cross-origin-resource-policy']).toBeUndefined();
  });

  it('answers unknown API paths in JSON', async () => {
    const response = await app.inject({ url: '/api/inconnue' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Introuvable.' });
  });
});

describe('compression', () => {
  it('sends the Brotli or gzip copy of a page when the client accepts it', async () => {
    const { brotliCompressSync, gzipSync, brotliDecompressSync, gunzipSync } =
      await import('node:zlib');
    const file = path.join(webDir, prerenderedFile('/pageAccueil'));
    const html = '<html>page compressée</html>';
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html));
    writeFileSync(`${file}.gz`, gzipSync(html));
    await app.close();
    app = Fastify();
    await app.register(sitePlugin, { webDir });

    const br = await app.inject({
      url: '/pageAccueil',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);

    const gz = await app.inject({ url: '/pageAccueil', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);

    const plain = await app.inject({ url: '/pageAccueil' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('sends precompressed assets', async () => {
    const { brotliCompressSync } = await import('node:zlib');
    writeFileSync(
      path.join(webDir, 'assets/main-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    await app.close();
    app = Fastify();
    await app.register(sitePlugin, { webDir });
    const response = await app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });
});
