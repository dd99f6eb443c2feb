import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { PAGE_SCRIPT_LOADER } from '../../shared/web/page-script-loader.ts';

/** Where the contact page's map frame comes from. */
export const MAP_FRAME_ORIGIN = 'https://www.openstreetmap.org';

/** The CSP source that allows the public pages' one inline script, and only it, to run. */
export const PAGE_SCRIPT_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(PAGE_SCRIPT_LOADER).digest('base64')}'`;

/**
 * The Content-Security-Policy of every answer, pages included.
 * - scripts only from this site, and the one inline script of the public pages, by its hash
 *   (the loader of the page's script; the JSON-LD block of the pages is data, never run);
 * - inline styles allowed: each public page carries its own CSS in <style> elements (so that
 *   its first paint waits for no stylesheet), and React writes style attributes;
 * - the one frame is the OpenStreetMap map of the contact page;
 * - nobody may frame this site, and forms only post here;
 * - no inline event handler: script-src allows none (a hash would need 'unsafe-hashes');
 * - fonts and connections (fetch, EventSource) from this site only: default-src covers them.
 * What script-src and default-src already cover is not repeated (the browser applies them
 * in their place: no protection is lost).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", PAGE_SCRIPT_LOADER_CSP_SOURCE],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'frame-src': [MAP_FRAME_ORIGIN],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (registered on the root instance, so the site's pages
 * get them too). HSTS only when the request came over HTTPS: over plain HTTP (a local
 * install) it would be ignored at best, and would lock a host name to HTTPS at worst.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    // Helmet's other headers stay, X-Download-Options, X-XSS-Protection: 0 and
    // X-Permitted-Cross-Domain-Policies included, though they serve only browsers and plug-ins
    // of the past: a security header is never traded for bytes, not even for the home page's
    // first round trip (docs/performance.md).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
