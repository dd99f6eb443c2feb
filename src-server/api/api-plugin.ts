import fastifyCookie from '@fastify/cookie';
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import { fieldErrors } from '../../shared/domain/contact.ts';
import { InboxClosedError } from '../contacts/contact-inbox.ts';
import { contactsRoutes } from './contacts-routes.ts';
import { SESSION_COOKIE, type ApiContext } from './context.ts';
import { BodyNotObjectError, MESSAGES, sendError } from './errors.ts';
import { sessionRoutes } from './session-routes.ts';

/** Fastify's own errors that a client causes, and what we tell the client. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.notJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.badRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.bodyNotObject },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
};

/**
 * Everything under /api. Bodies are JSON only (text/plain, which Fastify accepts by
 * default, gets a 415), validated by the shared zod schemas, and every error answer is
 * `{ error }` in French.
 */
export const apiPlugin: FastifyPluginAsync<{ context: ApiContext }> = async (
  app: FastifyInstance,
  { context },
) => {
  await app.register(fastifyCookie);
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('adminSession', null);

  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as z.ZodType;
    return (data: unknown) => {
      if (
        httpPart === 'body' &&
        (typeof data !== 'object' || data === null || Array.isArray(data))
      ) {
        return { error: new BodyNotObjectError() };
      }
      const result = zodSchema.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error };
    };
  });

  app.setErrorHandler((error: FastifyError | z.ZodError | BodyNotObjectError, request, reply) => {
    if (error instanceof z.ZodError) {
      return sendError(reply, 400, MESSAGES.invalidInput, { fields: fieldErrors(error) });
    }
    if (error instanceof BodyNotObjectError) return sendError(reply, 400, error.message);
    if (error instanceof InboxClosedError) return sendError(reply, 503, MESSAGES.unavailable);
    const known = 'code' in error ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, known.status, known.message);
    const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500;
    if (status >= 400 && status < 500) return sendError(reply, status, MESSAGES.badRequest);
    request.log.error({ err: error }, 'API error');
    return sendError(reply, 500, MESSAGES.internal);
  });

  // Personal data: never cached, by the browser or anything in between.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  const requireAdmin: preHandlerAsyncHookHandler = async (request, reply) => {
    const session = context.sessions.authenticate(request.cookies[SESSION_COOKIE]);
    if (!session) return sendError(reply, 401, MESSAGES.unauthorized);
    request.adminSession = session;
  };

  // Nothing else under /api answers without a session; with one, an unknown path is a 404.
  app.setNotFoundHandler(async (request, reply) => {
    const session = context.sessions.authenticate(request.cookies[SESSION_COOKIE]);
    if (!session) return sendError(reply, 401, MESSAGES.unauthorized);
    return sendError(reply, 404, MESSAGES.notFound);
  });

  contactsRoutes(app, context, requireAdmin);
  sessionRoutes(app, context, requireAdmin);
};
