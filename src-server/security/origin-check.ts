import type { FastifyReply, FastifyRequest } from 'fastify';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

export const FORBIDDEN_ORIGIN_MESSAGE = 'Requête refusée : elle ne provient pas de ce site.';

/**
 * Whether an unsafe request may proceed (cross-site request forgery check):
 * - `Sec-Fetch-Site`, when present, must be `same-origin` or `none` (typed by the user);
 * - otherwise `Origin`, when present, must name this very origin: same scheme and same host
 *   (an `https:` page is another origin than the `http:` one; behind an HTTPS proxy,
 *   TRUST_PROXY lets the request's scheme be the one the browser used);
 * - a request with neither header is allowed. Every current browser sends at least one of
 *   them on POST, PUT, PATCH and DELETE, so such a request does not come from a page an
 *   attacker controls: it is curl, a test, or the desktop app's main process. (The session
 *   cookie is also SameSite=Strict, which stops cross-site requests on its own.)
 */
export function isAllowedOrigin(request: FastifyRequest): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return true;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return ALLOWED_FETCH_SITES.has(fetchSite.toLowerCase());
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return true;
  try {
    const url = new URL(origin);
    return url.protocol === `${request.protocol}:` && url.host === request.host;
  } catch {
    return false; // "null" and other opaque origins
  }
}

export async function originCheckHook(request: FastifyRequest, reply: FastifyReply) {
  if (!isAllowedOrigin(request)) {
    return reply.code(403).send({ error: FORBIDDEN_ORIGIN_MESSAGE });
  }
}
