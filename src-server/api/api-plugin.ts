import fastifyCookie from '@fastify/cookie';
import type { FastifyError, FastifyPluginAsync, FastifySchemaValidationError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { fieldErrors, type FieldIssue } from '../../shared/domain/field-errors.ts';
import { InboxClosedError } from '../contacts/contact-inbox.ts';
import { clientErrorAnswer } from '../http-errors.ts';
import { adminScope } from './admin-scope.ts';
import { compressAnswer } from './compression.ts';
import { publicContactsRoutes } from './contacts-routes.ts';
import { SESSION_COOKIE, type ApiContext } from './context.ts';
import { ApiError, MESSAGES } from './errors.ts';
import { publicQuotesRoutes } from './quotes-routes.ts';
import { publicInvoiceLinksRoutes } from './invoice-links-routes.ts';
import { sessionRoutes } from './session-routes.ts';

/** A failed check of the request as the type provider reports it, back to a field issue. */
function toFieldIssue({ instancePath, keyword, message, params }: FastifySchemaValidationError) {
  const keys = params.keys;
  const issue: FieldIssue = {
    path: instancePath.split('/').filter(Boolean),
    code: keyword,
    message: message ?? MESSAGES.badRequest,
    ...(Array.isArray(keys) ? { keys: keys.map(String) } : {}),
  };
  return issue;
}

/**
 * Everything under /api. Bodies are JSON only (text/plain, which Fastify accepts by default,
 * gets a 415) and every route checks its input and its answer against zod schemas, most of
 * them shared with the screens. Every error answer is `{ error, fields? }` in French.
 */
export const apiPlugin: FastifyPluginAsync<{ context: ApiContext }> = async (app, { context }) => {
  await app.register(fastifyCookie);
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('adminSession', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          error: error.message,
          ...(error.newDevice ? { newDevice: error.newDevice } : {}),
          ...(error.fields ? { fields: error.fields } : {}),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map(toFieldIssue);
      // Not an object at all (absent, an array, a number…): there are no fields to speak of.
      const notAnObject = issues.some(
        (issue) => issue.path.length === 0 && issue.code === 'invalid_type',
      );
      if (error.validationContext === 'body' && notAnObject) {
        return reply.code(400).send({ error: MESSAGES.bodyNotObject });
      }
      return reply.code(400).send({ error: MESSAGES.invalidInput, fields: fieldErrors(issues) });
    }
    if (error instanceof InboxClosedError) {
      return reply.code(503).send({ error: MESSAGES.unavailable });
    }
    const known = clientErrorAnswer(error);
    if (known) return reply.code(known.status).send({ error: known.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return reply.code(status).send({ error: MESSAGES.badRequest });
    request.log.error({ err: error }, 'Erreur de l’API');
    return reply.code(500).send({ error: MESSAGES.internal });
  });

  // Personal data: never cached, by the browser or anything in between.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  // Compressed, with Brotli or gzip (the event streams are written by hand, never here).
  app.addHook('onSend', compressAnswer);

  // Nothing else under /api answers without a session; with one, an unknown path is a 404.
  app.setNotFoundHandler(async (request, reply) => {
    const session = context.sessions.authenticate(request.cookies[SESSION_COOKIE]);
    if (!session) return reply.code(401).send({ error: MESSAGES.unauthorized });
    return reply.code(404).send({ error: MESSAGES.notFound });
  });

  await app.register(publicContactsRoutes, { context });
  await app.register(publicQuotesRoutes, { context });
  await app.register(publicInvoiceLinksRoutes, { context });
  await app.register(sessionRoutes, { context });
  await app.register(adminScope, { context });
};
