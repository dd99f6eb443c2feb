/// <reference lib="webworker" />
/**
 * The shared worker that holds the browser's one event stream of src-server (GET /api/events)
 * for every tab of the owner's app: each tab's watches follow it over their tab's port
 * (src-web/backend/shared-events.ts). Over HTTP/1.1 a browser opens at most 6 connections per
 * host; a stream per tab would take them all from three tabs on.
 */
import { globalEventSource } from '../../../shared/backend/http/event-source.ts';
import { createEventHub, type EventHub } from '../../../shared/backend/http/event-hub.ts';
import { serveEventHubPort } from '../../../shared/backend/http/event-hub-port.ts';
import { z } from 'zod';

declare const self: SharedWorkerGlobalScope;

const hubs = new Map<string, EventHub>();
const EventSource = globalEventSource();

function hubFor(url: string): EventHub {
  let hub = hubs.get(url);
  if (!hub) {
    if (!EventSource) throw new Error('EventSource indisponible dans le worker.');
    hub = createEventHub({ url, EventSource });
    hubs.set(url, hub);
  }
  return hub;
}

/** A tab says which Web Lock it holds while it lives: when the lock is free, the tab is gone. */
const helloSchema = z.object({ op: z.literal('hello'), lock: z.string().min(1).max(200) });

self.addEventListener('connect', (event) => {
  const [port] = event.ports;
  if (!port) return;
  const served = serveEventHubPort(port, hubFor);
  port.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
    const hello = helloSchema.safeParse(data);
    if (!hello.success) return;
    // Granted once the tab has closed (or crashed): its watches stop, and with the last one
    // the stream.
    void navigator.locks?.request(hello.data.lock, () => served.closeAll());
  });
});
