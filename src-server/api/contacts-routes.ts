import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import {
  contactInputSchema,
  contactMessageSchema,
  sortContactInput,
  spamMessageSchema,
  type ContactInput,
} from '../../shared/domain/contact.ts';
import { addressKey } from '../security/address-key.ts';
import type { ApiContext } from './context.ts';
import { eventStreamRoute } from './event-stream-route.ts';
import { ApiError, ERROR_ANSWERS, MESSAGES, tooManyRequests } from './errors.ts';

/** Most messages one bulk deletion may name (a full page of the dashboard, and then some). */
export const MAX_BULK_DELETE = 1000;

const messageId = z.string().min(1).max(100);
const messageParamsSchema = z.strictObject({ id: messageId });
const readBodySchema = z.strictObject({
  read: z.boolean({ error: 'Indiquez true (lu) ou false (non lu).' }),
});
const bulkDeleteBodySchema = z.strictObject({
  ids: z
    .array(messageId, { error: 'Donnez la liste des identifiants à supprimer.' })
    .min(1, 'Donnez au moins un identifiant.')
    .max(MAX_BULK_DELETE, `${MAX_BULK_DELETE} messages au plus par suppression.`),
});

/**
 * Who is writing, three ways: one visitor repeating themselves is known by any of them
 * (the text ignoring case and spaces, hashed to keep memory small).
 */
function senderKeys({ email, phone, message }: ContactInput): string[] {
  const text = message.normalize('NFC').toLowerCase().replace(/\s+/gu, '');
  return [
    `email:${email.toLowerCase()}`,
    `phone:${phone}`,
    `text:${createHash('sha256').update(text).digest('base64url')}`,
  ];
}

/** What anyone may do: send a message. */
export const publicContactsRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  const { counter, limit, senders, spamSenders } = context.contactRateLimit;

  app.post(
    '/contacts',
    {
      schema: {
        body: contactInputSchema,
        response: { 201: z.object({ id: z.string() }), ...ERROR_ANSWERS },
      },
      // Counted before the body is even read, whether the post turns out valid or not.
      // An IPv6 client counts by its /64, as sign-in does: it holds all of them.
      onRequest: async (request) => {
        const state = counter.hit(addressKey(request.ip));
        if (state.count > limit) throw tooManyRequests(state.retryAfterSeconds);
      },
    },
    async (request, reply) => {
      const keys = senderKeys(request.body);
      // A post kept as spam counts against an allowance of its own: three of them carrying a
      // prospect's e-mail or phone would otherwise burn the prospect's, and the real message
      // would be refused for 10 minutes (issue 47).
      const allowance = sortContactInput(request.body).reason === null ? senders : spamSenders;
      const wait = allowance.take(keys);
      if (wait > 0) throw tooManyRequests(wait);
      let submitted;
      try {
        submitted = await context.inbox.submit(request.body);
      } catch (error) {
        // Not stored (a disk error, a shutdown): the visitor's retry is not a repeat.
        allowance.giveBack(keys);
        throw error;
      }
      const { id, spam } = submitted;
      if (spam) request.log.info('hidden field filled, message kept as spam');
      return reply.code(201).send({ id });
    },
  );
};

/** What only the signed-in owner may do: read, mark, delete, follow live. */
export const adminContactsRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/contacts',
    { schema: { response: { 200: z.array(contactMessageSchema), ...ERROR_ANSWERS } } },
    async (_request, reply) => {
      const { messages, lastEventId } = context.inbox.snapshot();
      return reply.header('X-Last-Event-Id', String(lastEventId)).send(messages);
    },
  );

  // « Indésirables »: the messages kept as spam, with their reason.
  app.get(
    '/contacts/spam',
    { schema: { response: { 200: z.array(spamMessageSchema), ...ERROR_ANSWERS } } },
    async () => context.inbox.listSpam(),
  );

  // « Pas un indésirable »: to the inbox, and notified as a new message.
  app.post(
    '/contacts/:id/not-spam',
    {
      schema: {
        params: messageParamsSchema,
        response: { 200: z.object({ id: z.string() }), ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!context.inbox.restoreSpam(id)) throw new ApiError(404, MESSAGES.messageNotFound);
      // One the owner marked comes back with its pipeline: the pipeline's streams get it.
      context.leads.messageBack(id);
      return { id };
    },
  );

  // « Marquer comme indésirable »: out of the inbox, into « Indésirables » (spam-marking.ts);
  // 404 for a message not (or no longer) in the inbox, 409 with the rule's French sentence.
  app.post(
    '/contacts/:id/spam',
    {
      schema: {
        params: messageParamsSchema,
        response: { 200: z.object({ id: z.string() }), ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { found, refusal } = context.inbox.markSpam(id);
      if (!found) throw new ApiError(404, MESSAGES.messageNotFound);
      if (refusal !== null) throw new ApiError(409, refusal);
      return { id };
    },
  );

  // The owner marks a message read or unread: only that flag can change.
  app.patch(
    '/contacts/:id',
    {
      schema: {
        params: messageParamsSchema,
        body: readBodySchema,
        response: { 200: z.object({ id: z.string(), read: z.boolean() }), ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { read } = request.body;
      if (!context.inbox.setRead(id, read)) throw new ApiError(404, MESSAGES.messageNotFound);
      return { id, read };
    },
  );

  app.delete(
    '/contacts/:id',
    { schema: { params: messageParamsSchema, response: { 204: z.null(), ...ERROR_ANSWERS } } },
    async (request, reply) => {
      const [deleted] = context.inbox.remove([request.params.id]);
      if (deleted === undefined) throw new ApiError(404, MESSAGES.messageNotFound);
      return reply.code(204).send(null);
    },
  );

  // Several at once. A POST with a body, as a DELETE with a body is dropped by some proxies.
  // Ids already gone are skipped: the answer lists those actually deleted.
  app.post(
    '/contacts/delete',
    {
      schema: {
        body: bulkDeleteBodySchema,
        response: { 200: z.object({ deleted: z.array(z.string()) }), ...ERROR_ANSWERS },
      },
    },
    async (request) => ({ deleted: context.inbox.remove(request.body.ids) }),
  );

  eventStreamRoute(app, '/contacts/events', 'contacts', context.events);
};
