import { randomUUID } from 'node:crypto';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  contactInputSchema,
  HONEYPOT_FIELD,
  type ContactInput,
} from '../../shared/domain/contact.ts';
import { formatMessageEvent } from '../realtime/broadcaster.ts';
import type { ApiContext } from './context.ts';
import { MESSAGES, sendTooMany } from './errors.ts';

/** Sent before anything else: how long an EventSource waits before reconnecting. */
const RETRY_MS = 3000;

const eventsQuerySchema = z.object({ lastEventId: z.string().optional() });

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
      if (since !== null)
        head += context.contacts.listAfter(since).map(formatMessageEvent).join('');
      response.write(head);
      const remove = context.broadcaster.add(session.idHash, response);
      response.on('close', remove);
    },
  );
}
