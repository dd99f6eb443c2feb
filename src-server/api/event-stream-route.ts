import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventBroadcaster } from '../realtime/broadcaster.ts';
import { adminOf } from './context.ts';
import { ERROR_ANSWERS } from './errors.ts';

/** Sent before anything else: how long an EventSource waits before reconnecting. */
const RETRY_MS = 3000;

const eventsQuerySchema = z.object({ lastEventId: z.string().optional() });

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A `Last-Event-ID` (header, or query parameter for clients that cannot set headers). */
export function parseLastEventId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * `GET <path>`: a stream of server-sent events for the signed-in owner, numbered by a change
 * log (the inbox's, GET /api/contacts/events; the pipeline's, GET /api/leads/events). A
 * stream opened from an event id first gets every change after it (`replay`, already written
 * as events), then each new one its broadcaster sends: replay and subscription happen in the
 * same turn of the event loop, so that nothing is missed and nothing comes twice.
 */
export function eventStreamRoute(
  app: ZodApp,
  path: string,
  stream: { replay(since: number): string; broadcaster: EventBroadcaster },
): void {
  app.get(
    path,
    {
      exposeHeadRoute: false,
      schema: {
        querystring: eventsQuerySchema,
        // A stream of server-sent events, written by hand (the reply is hijacked).
        response: { 200: z.string().describe('text/event-stream'), ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const session = adminOf(request);
      // The header wins: an EventSource reconnecting sends the latest id there, while the
      // query parameter still holds the one the stream was first opened with.
      const since =
        parseLastEventId(request.headers['last-event-id']) ??
        parseLastEventId(request.query.lastEventId);

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
      });
      response.socket?.setNoDelay(true);
      let head = `retry: ${RETRY_MS}\n\n`;
      if (since !== null) head += stream.replay(since);
      response.write(head);
      const remove = stream.broadcaster.add(session.idHash, response);
      response.on('close', remove);
    },
  );
}
