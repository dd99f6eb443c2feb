import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from './api/errors.ts';

/**
 * The errors Fastify and Node raise themselves, before or outside our routes, answered like
 * ours: `{ error: '<a French sentence>' }` with the right status (their own answers are English
 * JSON with other fields).
 */

/** Fastify's errors that a client causes, and what we tell the client. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.notJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.badRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.bodyNotObject },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_BAD_URL: { status: 400, message: MESSAGES.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: MESSAGES.uriTooLong },
};

/** The status and French sentence for one of Fastify's client errors, if it is one. */
export function clientErrorAnswer(error: FastifyError): { status: number; message: string } | null {
  return CLIENT_ERRORS[error.code] ?? null;
}

/** Errors outside /api (the site's routes): a client error in French, anything else a 500. */
export function siteErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const known = clientErrorAnswer(error);
  if (known) return reply.code(known.status).send({ error: known.message });
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return reply.code(status).send({ error: MESSAGES.badRequest });
  request.log.error({ err: error }, 'Erreur en servant le site');
  return reply.code(500).send({ error: MESSAGES.internal });
}

/** A URL the router cannot read (« /%zz ») or with a parameter too long to be an id. */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known = clientErrorAnswer(error) ?? { status: 400, message: MESSAGES.badRequest };
  void reply.code(known.status).send({ error: known.message });
}

/**
 * What Node's HTTP parser refuses before any route runs: a request too slow to arrive (408,
 * see HTTP_TIMEOUTS in app.ts), headers or a URL too large (431), malformed HTTP (400). The
 * connection is closed after the answer.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A connection the client reset: nobody is left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', MESSAGES.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge]
        : [400, 'Bad Request', MESSAGES.badRequest];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
