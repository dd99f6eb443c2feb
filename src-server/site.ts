import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ALL_ROUTES, ROUTES } from '../shared/domain/routes.ts';

export interface SiteOptions {
  /** Folder of the built site: assets, prerendered routes (routes/<name>.html) and 404.html. */
  webDir: string;
}

/** Where scripts/build.ts writes the prerendered page of a route. */
export function prerenderedFile(route: string): string {
  return `routes${route}.html`;
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
  const notFoundPage = await readFile(path.join(root, '404.html'), 'utf8');
  const pages = new Map<string, string>();
  for (const route of ALL_ROUTES) {
    pages.set(route, await readFile(path.join(root, prerenderedFile(route)), 'utf8'));
  }

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    serveDotFiles: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'Cache-Control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const sendPage = (html: string) => (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);

  app.get('/', (_request, reply) => reply.redirect(ROUTES.home, 302));
  for (const [route, html] of pages) {
    app.get(route, sendPage(html));
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ error: 'Introuvable.' });
    }
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ error: 'Introuvable.' });
    }
    // Assets are served by @fastify/static above; any other path is the not-found page.
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(notFoundPage);
  });
};
