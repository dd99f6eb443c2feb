import { z } from 'zod';
import type { MessageEventLike } from './event-source.ts';
import {
  FeedSourceHandle,
  STREAM_EVENT_FEEDS,
  type EventFeed,
  type EventHub,
  type FeedSource,
  type StreamEventName,
} from './event-hub.ts';

/**
 * An EventHub in a shared worker, used by every tab of the browser through a MessagePort
 * (src-web/backend/shared-events.ts): each tab's watches open feeds over its port, the worker
 * holds the one stream. What goes over the port:
 * - tab → worker: `open` (a watch: the hub's URL, its log, the change it has), `close`;
 * - worker → tab: `open`, `error` (with `closed` when the stream was refused) and `event`.
 */

/** The part of a MessagePort used here. */
export interface PortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  start(): void;
}

const feedSchema = z.enum(['contacts', 'leads']);
const eventNameSchema = z.enum(
  Object.keys(STREAM_EVENT_FEEDS) as [StreamEventName, ...StreamEventName[]],
);

const toWorkerSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('open'),
    id: z.number(),
    url: z.string(),
    feed: feedSchema,
    since: z.number(),
  }),
  z.object({ op: z.literal('close'), id: z.number() }),
]);

const toTabSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('open'), id: z.number() }),
  z.object({ type: z.literal('error'), id: z.number(), closed: z.boolean() }),
  z.object({
    type: z.literal('event'),
    id: z.number(),
    name: eventNameSchema,
    data: z.unknown(),
    lastEventId: z.string(),
  }),
]);

/**
 * In the worker: serves one tab's port from the worker's hubs (one per URL). `closeAll` ends
 * what the tab had open (the tab is gone).
 */
export function serveEventHubPort(
  port: PortLike,
  hubFor: (url: string) => EventHub,
): { closeAll(): void } {
  const open = new Map<number, FeedSource>();
  port.addEventListener('message', ({ data }) => {
    const parsed = toWorkerSchema.safeParse(data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.op === 'close') {
      open.get(message.id)?.close();
      open.delete(message.id);
      return;
    }
    const { id } = message;
    const feed = hubFor(message.url).open(message.feed, message.since);
    open.set(id, feed);
    feed.addEventListener('open', () => port.postMessage({ type: 'open', id }));
    feed.addEventListener('error', () => {
      const closed = feed.readyState === 2;
      if (closed) open.delete(id);
      port.postMessage({ type: 'error', id, closed });
    });
    for (const name of eventNameSchema.options) {
      feed.addEventListener(name, (event: MessageEventLike) =>
        port.postMessage({
          type: 'event',
          id,
          name,
          data: event.data,
          lastEventId: event.lastEventId,
        }),
      );
    }
  });
  port.start();
  return {
    closeAll() {
      for (const feed of open.values()) feed.close();
      open.clear();
    },
  };
}

/** In a tab: an EventHub whose stream is the worker's, over its port. */
export function eventHubOverPort(port: PortLike, url: string): EventHub {
  const handles = new Map<number, FeedSourceHandle>();
  let nextId = 1;
  port.addEventListener('message', ({ data }) => {
    const parsed = toTabSchema.safeParse(data);
    if (!parsed.success) return;
    const message = parsed.data;
    const handle = handles.get(message.id);
    if (!handle) return;
    switch (message.type) {
      case 'open':
        handle.opened();
        break;
      case 'error':
        if (message.closed) handles.delete(message.id);
        handle.failed(message.closed);
        break;
      case 'event':
        handle.event(message.name, { data: message.data, lastEventId: message.lastEventId });
        break;
    }
  });
  port.start();
  return {
    open(feed: EventFeed, since: number) {
      const id = nextId++;
      const handle = new FeedSourceHandle(() => {
        handles.delete(id);
        port.postMessage({ op: 'close', id });
      });
      handles.set(id, handle);
      port.postMessage({ op: 'open', id, url, feed, since });
      return handle;
    },
  };
}
