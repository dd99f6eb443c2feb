import { readFile } from 'node:fs/promises';
import { prerenderedFile } from './prerendered-file.ts';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AGENCY_EMAIL_LOGO_PATH } from '../shared/content/agency.ts';
import { LOCALES } from '../shared/domain/locales.ts';
import { INVOICE_PAGE_PATH } from '../shared/domain/invoices/client-link.ts';
import { QUOTE_PAGE_PATH } from '../shared/domain/quotes/record.ts';
import {
  LANGUAGES,
  localizedPath,
  notFoundFile,
  PAGE_ROUTES,
  pathLanguage,
  ROUTES,
  type Language,
} from '../shared/domain/routes.ts';

export interface SiteOptions {
  /** Folder of the built site: assets, prerendered routes (routes/<name>.html) and 404.html. */
  webDir: string;
}

/**
 * Every page the server answers with a file of the build: the site's routes in every language,
 * and the client's pages of a quote and of an invoice (their token in the fragment), which are
 * in no navigation or sitemap.
 */
export const SERVED_PAGES: readonly string[] = [...PAGE_ROUTES, QUOTE_PAGE_PATH, INVOICE_PAGE_PATH];

export { prerenderedFile };

/** A page in memory, with the Brotli and gzip copies the build wrote next to it, if any. */
interface Page {
  raw: Buffer;
  br?: Buffer;
  gz?: Buffer;
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

async function loadPage(file: string): Promise<Page> {
  const [raw, br, gz] = await Promise.all([
    readFile(file),
    readOptional(`${file}.br`),
    readOptional(`${file}.gz`),
  ]);
  return { raw, ...(br && { br }), ...(gz && { gz }) };
}

/** Sends a page compressed the best way the client accepts. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status = 200) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding');
  if (page.br && /\bbr\b/.test(accepted))
    return reply.header('Content-Encoding', 'br').send(page.br);
  if (page.gz && /\bgzip\b/.test(accepted))
    return reply.header('Content-Encoding', 'gzip').send(page.gz);
  return reply.send(page.raw);
}

/**
 * Serves the built site: hashed assets with a long cache, every route of the app with its
 * prerendered page, the empty path redirected to the home page, anything else the
 * not-found page with a 404.
 */
export const sitePlugin: FastifyPluginAsync<SiteOptions> = async (
  app: FastifyInstance,
  options,
) => {
  const root = path.resolve(options.webDir);
  const notFoundPages = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (language) => [
        language,
        await loadPage(path.join(root, notFoundFile(language))),
      ]),
    ),
  ) as Record<Language, Page>;
  const pages = new Map<string, Page>();
  for (const route of SERVED_PAGES) {
    pages.set(route, await loadPage(path.join(root, prerenderedFile(route))));
  }

  const emailLogoFile = path.join(root, AGENCY_EMAIL_LOGO_PATH);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    serveDotFiles: false,
    // The build writes .br and .gz copies of text files: send those, never compress per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'Cache-Control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      // The logo heading the notification e-mails is shown by mail programs on other
      // origins (a webmail): it alone may be embedded elsewhere, everything else stays
      // same-origin (helmet's default).
      if (filePath === emailLogoFile) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });

  app.get('/', (_request, reply) => reply.redirect(ROUTES.home, 302));
  // A language's bare prefix (/ar) is its home page.
  for (const { code, prefix } of LOCALES.slice(1)) {
    app.get(prefix, (_request, reply) => reply.redirect(localizedPath(ROUTES.home, code), 302));
  }
  for (const [route, page] of pages) {
    app.get(route, (request, reply) => sendPage(request, reply, page));
    // « /pageAccueil/ », typed or linked by hand, is the page without its slash (as
    // firebase.json's trailingSlash: false does), its query kept.
    app.get(`${route}/`, (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(`${route}${query === -1 ? '' : request.url.slice(query)}`, 301);
    });
  }
  // Browsers and crawlers that ask for the classic icon get the site's (an SVG, which every
  // browser that reads icons from a page's <link> already uses).
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: 'Introuvable.' });
    }
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ error: 'Introuvable.' });
    }
    // Assets are served by @fastify/static above; any other path is the not-found page, in
    // Arabic under /ar/.
    const notFoundPage = notFoundPages[pathLanguage(request.url.split('?')[0] ?? '')];
    return sendPage(request, reply, notFoundPage, 404);
  });
};
