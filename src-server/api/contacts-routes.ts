import { randomUUID } from 'node:crypto';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  contactInputSchema,
  HONEYPOT_FIELD,
  type ContactInput,
} from '../../shared/domain/contact.ts';
import { formatInboxEvent } from '../realtime/broadcaster.ts';
import type { ApiContext } from './context.ts';
import { MESSAGES, sendError, sendTooMany } from './errors.ts';

/** Sent before anything else: how long an EventSource waits before reconnecting. */
const RETRY_MS = 3000;

const eventsQuerySchema = z.object({ lastEventId: z.string().optional() });

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

/** A `Last-Event-ID` (header, or query parameter for clients that cannot set headers). */
export function parseLastEventId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

export function contactsRoutes(
  app: FastifyInstance,
  context: ApiContext,
  requireAdmin: preHandlerAsyncHookHandler,
) {
  const { counter, limit } = context.contactRateLimit;

  app.post(
    '/contacts',
    {
      schema: { body: contactInputSchema },
      // Counted before the body is even read, whether the post turns out valid or not.
      onRequest: async (request, reply) => {
        const state = counter.hit(request.ip);
        if (state.count > limit) {
          return sendTooMany(
            reply,
            state.retryAfterSeconds,
            MESSAGES.tooManyPosts(state.retryAfterSeconds),
          );
        }
      },
    },
    async (request, reply) => {
      const { [HONEYPOT_FIELD]: honeypot, ...fields } = request.body as ContactInput;
      if (honeypot !== undefined && honeypot.trim() !== '') {
        // A robot filled the hidden field: answer as if stored, store nothing.
        request.log.info('honeypot filled, message dropped');
        return reply.code(201).send({ id: randomUUID() });
      }
      const message = await context.inbox.submit(fields);
      return reply.code(201).send({ id: message.id });
    },
  );

  app.get('/contacts', { preHandler: requireAdmin }, async (_request, reply) => {
    // Both reads happen in the same turn of the event loop: no message can slip between.
    const messages = context.contacts.listNewestFirst();
    const lastSeq = context.contacts.lastSeq();
    return reply.header('X-Last-Event-Id', String(lastSeq)).send(messages);
  });

  // The owner marks a message read or unread: only that flag can change.
  app.patch(
    '/contacts/:id',
    { preHandler: requireAdmin, schema: { params: messageParamsSchema, body: readBodySchema } },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof messageParamsSchema>;
      const { read } = request.body as z.infer<typeof readBodySchema>;
      const result = context.contacts.setRead(id, read, context.clock());
      if (!result.found) return sendError(reply, 404, MESSAGES.messageNotFound);
      if (result.event) context.broadcaster.publish([result.event]);
      return reply.send({ id, read });
    },
  );

  app.delete(
    '/contacts/:id',
    { preHandler: requireAdmin, schema: { params: messageParamsSchema } },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof messageParamsSchema>;
      const event = context.contacts.remove([id], context.clock());
      if (!event) return sendError(reply, 404, MESSAGES.messageNotFound);
      context.broadcaster.publish([event]);
      return reply.code(204).send();
    },
  );

  // Several at once. A POST with a body, as a DELETE with a body is dropped by some proxies.
  // Ids already gone are skipped: the answer lists those actually deleted.
  app.post(
    '/contacts/delete',
    { preHandler: requireAdmin, schema: { body: bulkDeleteBodySchema } },
    async (request, reply) => {
      const { ids } = request.body as z.infer<typeof bulkDeleteBodySchema>;
      const event = context.contacts.remove([...new Set(ids)], context.clock());
      if (event) context.broadcaster.publish([event]);
      return reply.send({ deleted: event?.type === 'deleted' ? event.ids : [] });
    },
  );

  app.get(
    '/contacts/events',
    {
      preHandler: requireAdmin,
      exposeHeadRoute: false,
      schema: { querystring: eventsQuerySchema },
    },
    async (request, reply) => {
      const session = request.adminSession;
      if (!session) return; // requireAdmin answered already
      const { lastEventId } = request.query as z.infer<typeof eventsQuerySchema>;
      // The header wins: an EventSource reconnecting sends the latest id there, while the
      // query parameter still holds the one the stream was first opened with.
      const since =
        parseLastEventId(request.headers['last-event-id']) ?? parseLastEventId(lastEventId);

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
      });
      response.socket?.setNoDelay(true);
      // Replay and subscription in the same turn of the event loop: nothing is missed.
      let head = `retry: ${RETRY_MS}\n\n`;
      if (since !== null) head += context.contacts.listAfter(since).map(formatInboxEvent).join('');
      response.write(head);
      const remove = context.broadcaster.add(session.idHash, response);
      response.on('close', remove);
    },
  );
}
