import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVENT_FEEDS,
  formatCursor,
  formatFeedEvent,
  type EventBroadcaster,
  type EventFeed,
  type FeedCursor,
  type FeedEvent,
} from '../realtime/broadcaster.ts';
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
 * The `Last-Event-ID` of the stream of both logs, `<contacts>.<leads>`; a part left empty
 * (`12.`) means « from now » for that log. Null when it is not such a cursor.
 */
export function parseFeedCursor(value: unknown): Partial<Record<EventFeed, number>> | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{0,15})\.(\d{0,15})$/.exec(value.trim());
  if (!match) return null;
  const [, contacts = '', leads = ''] = match;
  return {
    ...(contacts === '' ? {} : { contacts: Number(contacts) }),
    ...(leads === '' ? {} : { leads: Number(leads) }),
  };
}

/** A change log a stream follows: what came after a change, and the number of the last one. */
export interface FeedLog {
  replay(since: number): FeedEvent[];
  lastSeq(): number;
}

export interface EventStream {
  broadcaster: EventBroadcaster;
  logs: Record<EventFeed, FeedLog>;
}

function openResponse(reply: { hijack(): void; raw: ServerResponse }) {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
  });
  response.socket?.setNoDelay(true);
  return response;
}

const streamSchema = {
  querystring: eventsQuerySchema,
  // A stream of server-sent events, written by hand (the reply is hijacked).
  response: { 200: z.string().describe('text/event-stream'), ...ERROR_ANSWERS },
};

/**
 * `GET <path>`: a stream of server-sent events for the signed-in owner, numbered by one change
 * log (the inbox's, GET /api/contacts/events; the pipeline's, GET /api/leads/events). A
 * stream opened from an event id first gets every change after it (replayed), then each new
 * one the broadcaster sends: replay and subscription happen in the same turn of the event
 * loop, so that nothing is missed and nothing comes twice.
 */
export function eventStreamRoute(
  app: ZodApp,
  path: string,
  feed: EventFeed,
  stream: EventStream,
): void {
  app.get(path, { exposeHeadRoute: false, schema: streamSchema }, async (request, reply) => {
    const session = adminOf(request);
    // The header wins: an EventSource reconnecting sends the latest id there, while the
    // query parameter still holds the one the stream was first opened with.
    const since =
      parseLastEventId(request.headers['last-event-id']) ??
      parseLastEventId(request.query.lastEventId);
    const response = openResponse(reply);
    let head = `retry: ${RETRY_MS}\n\n`;
    if (since !== null) {
      head += stream.logs[feed]
        .replay(since)
        .map((event) => formatFeedEvent(event, String(event.seq)))
        .join('');
    }
    response.write(head);
    const cursor = { contacts: 0, leads: 0 };
    const remove = stream.broadcaster.add(session.idHash, response, feed, cursor);
    response.on('close', remove);
  });
}

/**
 * `GET /api/events`: both logs in one stream, so that a browser holds one connection for all
 * its dashboards (over HTTP/1.1 it opens at most 6 per host; shared by its tabs:
 * src-web/backend/shared-events.ts). Each event's id is the cursor `<contacts>.<leads>`, so an
 * EventSource reconnecting resumes both logs where it was. The stream starts with a `ready`
 * event whose id is the cursor it starts from (a part asked empty, « from now », filled in),
 * then replays what follows it in each log, then sends each new change.
 */
export function combinedEventStreamRoute(app: ZodApp, path: string, stream: EventStream): void {
  app.get(path, { exposeHeadRoute: false, schema: streamSchema }, async (request, reply) => {
    const session = adminOf(request);
    const asked =
      parseFeedCursor(request.headers['last-event-id']) ??
      parseFeedCursor(request.query.lastEventId) ??
      {};
    const cursor: FeedCursor = {
      contacts: asked.contacts ?? stream.logs.contacts.lastSeq(),
      leads: asked.leads ?? stream.logs.leads.lastSeq(),
    };
    const response = openResponse(reply);
    let head = `retry: ${RETRY_MS}\n\n`;
    head += formatFeedEvent(
      { seq: 0, name: 'ready', data: JSON.stringify(cursor) },
      formatCursor(cursor),
    );
    for (const feed of EVENT_FEEDS) {
      if (asked[feed] === undefined) continue;
      for (const event of stream.logs[feed].replay(cursor[feed])) {
        cursor[feed] = event.seq;
        head += formatFeedEvent(event, formatCursor(cursor));
      }
    }
    response.write(head);
    const remove = stream.broadcaster.add(session.idHash, response, 'both', cursor);
    response.on('close', remove);
  });
}
