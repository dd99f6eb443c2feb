import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST } from './security.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

function notFound(): Response {
  return new Response('Introuvable', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/**
 * The handler of `app://console/…`: files of the built renderer, read-only, never outside
 * its folder, each with the Content-Security-Policy.
 */
export function createAppProtocolHandler(rendererDir: string, contentSecurityPolicy: string) {
  const root = path.resolve(rendererDir);
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    let pathname: string;
    try {
      const url = new URL(request.url);
      if (url.host !== APP_HOST) return notFound();
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound();
    }
    if (pathname === '/' || pathname === '') pathname = '/index.html';
    if (pathname.includes('\0')) return notFound();
    const file = path.resolve(root, `.${pathname}`);
    if (!file.startsWith(root + path.sep)) return notFound();
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()];
    if (!type) return notFound();
    try {
      const body = await readFile(file);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: {
          'Content-Type': type,
          'Content-Security-Policy': contentSecurityPolicy,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'no-cache',
        },
      });
    } catch {
      return notFound();
    }
  };
}
