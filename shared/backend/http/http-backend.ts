import type { Backend } from '../ports.ts';
import { createSessionState } from '../session-state.ts';
import { DEFAULT_RETRY_DELAYS, type RetryDelays } from '../watch-lifecycle.ts';
import { globalEventSource, type EventSourceConstructor } from './event-source.ts';
import { createEventHub, type EventHub } from './event-hub.ts';
import { createHttpClient } from './http-client.ts';
import { createHttpInbox } from './http-inbox.ts';
import { createHttpLeads } from './http-leads.ts';
import { createHttpInvoices } from './http-invoices.ts';
import { createHttpQuotes } from './http-quotes.ts';
import { createHttpSettings } from './http-settings.ts';
import { createHttpBackups, createHttpNotifications } from './http-notifications.ts';
import { createHttpSession } from './http-session.ts';
import { createHttpWhatsappTaps } from './http-whatsapp-taps.ts';

export interface HttpBackendOptions {
  /** Origin of the server, e.g. `http://127.0.0.1:3000`; empty (the default) = this site. */
  baseUrl?: string;
  /** A fetch implementation (tests pass one that keeps cookies). */
  fetch?: typeof fetch;
  /** An EventSource class; the global one by default. */
  EventSource?: EventSourceConstructor;
  /**
   * Where the watches take their events: by default one stream (GET /api/events) for the
   * backend's watches; the browser passes the one its tabs share (src-web/backend/shared-events.ts).
   */
  eventHub?: (url: string) => EventHub | undefined;
  /** A request with no answer after this long fails with 'network'. */
  requestTimeoutMs?: number;
  /** Wait before reopening a stream the server refused; doubles up to `max`. */
  reconnectDelayMs?: RetryDelays;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * The adapter for `src-server`: plain fetch for requests (the session is an HttpOnly
 * cookie the browser handles) and server-sent events for the realtime inbox and pipeline, both
 * in one stream.
 *
 * In the browser: `createHttpBackend()` (same origin, global fetch and EventSource).
 */
export function createHttpBackend(options: HttpBackendOptions = {}): Backend {
  const state = createSessionState();
  const client = createHttpClient({
    baseUrl: options.baseUrl ?? '',
    // Browsers throw "Illegal invocation" on a fetch detached from its global.
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    timeoutMs: options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    session: state,
  });
  const eventsUrl = `${options.baseUrl ?? ''}/api/events`;
  const EventSource = options.EventSource ?? globalEventSource();
  // Made when a watch first needs it: the contact form of a public page never opens one.
  let made: { hub: EventHub | undefined } | undefined;
  const hub = () =>
    (made ??= {
      hub:
        options.eventHub?.(eventsUrl) ??
        (EventSource ? createEventHub({ url: eventsUrl, EventSource }) : undefined),
    }).hub;
  const messages = createHttpInbox({
    client,
    session: state,
    hub,
    retryDelays: options.reconnectDelayMs ?? DEFAULT_RETRY_DELAYS,
  });
  const leads = createHttpLeads({
    client,
    session: state,
    hub,
    retryDelays: options.reconnectDelayMs ?? DEFAULT_RETRY_DELAYS,
  });
  return {
    messages,
    leads,
    quotes: createHttpQuotes(client),
    invoices: createHttpInvoices(client),
    settings: createHttpSettings(client),
    whatsappTaps: createHttpWhatsappTaps(client),
    session: createHttpSession(client, state),
    notifications: createHttpNotifications(client),
    backups: createHttpBackups(client),
    async close() {
      messages.stopAll();
      leads.stopAll();
      state.clear();
    },
  };
}
