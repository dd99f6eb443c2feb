import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicQuoteJsonSchema,
  publicQuoteToJson,
  quoteJsonSchema,
  quoteSendBodySchema,
  quoteToJson,
} from '../../shared/domain/quotes/record.ts';
import { QuoteRefusal } from '../quotes/quote-book.ts';
import type { ApiContext } from './context.ts';
import { addressKey } from '../security/address-key.ts';
import { ApiError, answeringRefusals, ERROR_ANSWERS, tooManyRequests } from './errors.ts';

/** A quote of 100 lines of 500 characters is more than the API's usual 16 KiB. */
export const QUOTE_BODY_LIMIT_BYTES = 256 * 1024;

const idParams = z.strictObject({ id: z.string().min(1).max(100) });
/**
 * The client's token travels in the body, never in the path: an access log (Caddy's,
 * LOG_REQUESTS's) writes every path, and whoever read it could answer in the client's name.
 */
export const clientToken = z.string().min(1).max(200);
const tokenBody = z.strictObject({ token: clientToken });
const quoteAnswer = { 200: quoteJsonSchema, ...ERROR_ANSWERS };
// The draft is checked by the service (quoteDraftSchemaFor the agency's regime), which keys
// its French refusals by the field's whole path (`lines.0.quantity`).
const draftBody = z.strictObject({ draft: z.unknown() });
const newDraftBody = z.strictObject({ leadId: z.string().min(1).max(100), draft: z.unknown() });
const listQuery = z.strictObject({ leadId: z.string().min(1).max(100).optional() });
export const emailAnswer = z.union([
  z.object({ to: z.string(), sent: z.literal(true) }),
  z.object({ to: z.string().nullable(), sent: z.literal(false), error: z.string() }),
]);
const sentAnswer = z.object({ quote: quoteJsonSchema, link: z.string(), email: emailAnswer });
// The answer's body is checked by the service too: its refusals are keyed like the others.
const answerBody = z.object({
  token: clientToken,
  decision: z.unknown(),
  comment: z.unknown().optional(),
});

/** Runs a quotes operation; its refusals become the API's answers, in French. */
function answering<T>(operation: () => T | Promise<T>): Promise<T> {
  return answeringRefusals(
    (error): error is QuoteRefusal => error instanceof QuoteRefusal,
    operation,
  );
}

/** The owner's quotes (docs/quotes.md, « Le stockage »), in the admin scope. */
export const adminQuotesRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  const { quotes } = context;

  app.get(
    '/quotes',
    {
      schema: {
        querystring: listQuery,
        response: { 200: z.array(quoteJsonSchema), ...ERROR_ANSWERS },
      },
    },
    async (request) => quotes.list(request.query.leadId).map(quoteToJson),
  );

  app.get('/quotes/:id', { schema: { params: idParams, response: quoteAnswer } }, async (request) =>
    answering(() => quoteToJson(quotes.get(request.params.id))),
  );

  app.post(
    '/quotes',
    {
      bodyLimit: QUOTE_BODY_LIMIT_BYTES,
      schema: { body: newDraftBody, response: { 201: quoteJsonSchema, ...ERROR_ANSWERS } },
    },
    async (request, reply) => {
      const quote = await answering(() =>
        quotes.createDraft(request.body.leadId, request.body.draft),
      );
      return reply.code(201).send(quoteToJson(quote));
    },
  );

  app.put(
    '/quotes/:id',
    {
      bodyLimit: QUOTE_BODY_LIMIT_BYTES,
      schema: { params: idParams, body: draftBody, response: quoteAnswer },
    },
    async (request) =>
      answering(() => quoteToJson(quotes.updateDraft(request.params.id, request.body.draft))),
  );

  app.delete(
    '/quotes/:id',
    { schema: { params: idParams, response: { 204: z.null(), ...ERROR_ANSWERS } } },
    async (request, reply) => {
      await answering(() => quotes.removeDraft(request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/quotes/:id/send',
    {
      schema: {
        params: idParams,
        body: quoteSendBodySchema.optional(),
        response: { 200: sentAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const sent = await answering(() => quotes.send(request.params.id, request.body ?? {}));
      return { ...sent, quote: quoteToJson(sent.quote) };
    },
  );

  app.post(
    '/quotes/:id/link',
    {
      schema: {
        params: idParams,
        body: quoteSendBodySchema.optional(),
        response: { 200: sentAnswer.omit({ quote: true }), ...ERROR_ANSWERS },
      },
    },
    async (request) => answering(() => quotes.resendLink(request.params.id, request.body ?? {})),
  );

  // The same link again (issue 44): shown, copied or sent on WhatsApp, logged with `via`.
  app.post(
    '/quotes/:id/client-link',
    {
      schema: {
        params: idParams,
        body: z.strictObject({ via: z.enum(['whatsapp', 'lien']).optional() }).optional(),
        response: { 200: z.object({ link: z.string() }), ...ERROR_ANSWERS },
      },
    },
    async (request) => answering(() => quotes.link(request.params.id, request.body?.via)),
  );

  app.post(
    '/quotes/:id/versions',
    { schema: { params: idParams, response: { 201: quoteJsonSchema, ...ERROR_ANSWERS } } },
    async (request, reply) => {
      const quote = await answering(() => quotes.newVersion(request.params.id));
      return reply.code(201).send(quoteToJson(quote));
    },
  );

  app.post(
    '/quotes/expire',
    { schema: { response: { 200: z.object({ expired: z.number() }), ...ERROR_ANSWERS } } },
    async () => ({ expired: quotes.expireOverdue() }),
  );
};

/**
 * The client's page (public, by the link's token): the quote read only, and its answer. A
 * token that leads nowhere (expired, replaced, never given) is a 404 with its French sentence.
 * Each such 404 counts against the client's address (an IPv6 client by its /64, as the
 * contact form and sign-in count them); past QUOTE_LINK_FAILURE_LIMIT within the window,
 * that address gets 429 with Retry-After, even with a right token, until the window ends:
 * guessing tokens is stopped after a few tries (docs/quotes.md, « Le lien du client »). The
 * invoices' client links (invoice-links-routes.ts) count on the same addresses: a dead link of
 * either kind counts against both.
 */
export function clientLinkThrottle(
  context: Pick<ApiContext, 'quoteLinkRateLimit'>,
  answeringWith: <T>(operation: () => T | Promise<T>) => Promise<T>,
) {
  const { failures, limit } = context.quoteLinkRateLimit;
  // Checked before the lookup (and before the body is read).
  const throttled = {
    onRequest: async (request: FastifyRequest) => {
      const state = failures.peek(addressKey(request.ip));
      if (state.count >= limit) throw tooManyRequests(state.retryAfterSeconds);
    },
  };
  /** The lookup; a dead link counts against the address that asked. */
  const byToken = async <T>(request: FastifyRequest, operation: () => T): Promise<T> => {
    try {
      return await answeringWith(operation);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) {
        failures.hit(addressKey(request.ip));
      }
      throw error;
    }
  };
  return { throttled, byToken };
}

/** The quote's client page: read by the token, and the answer, throttled as above. */
export const publicQuotesRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  const { quotes } = context;
  const { throttled, byToken } = clientLinkThrottle(context, answering);

  app.post(
    '/quote-links/read',
    {
      ...throttled,
      schema: { body: tokenBody, response: { 200: publicQuoteJsonSchema, ...ERROR_ANSWERS } },
    },
    async (request) =>
      byToken(request, () => publicQuoteToJson(quotes.readByToken(request.body.token))),
  );

  app.post(
    '/quote-links/answer',
    {
      ...throttled,
      schema: { body: answerBody, response: { 200: publicQuoteJsonSchema, ...ERROR_ANSWERS } },
    },
    async (request) => {
      const { token, ...answer } = request.body;
      return byToken(request, () => publicQuoteToJson(quotes.answer(token, answer)));
    },
  );
};
