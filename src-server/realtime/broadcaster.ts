import type { InboxEvent } from '../db/contacts-repository.ts';
import type { LeadStreamEvent } from '../db/leads-repository.ts';

/** The part of a `ServerResponse` a stream needs (a fake in tests). */
export interface EventStreamConnection {
  write(chunk: string): boolean;
  readonly writableLength: number;
  end(): void;
  destroy(): void;
}

/**
 * The two change logs a dashboard follows, each numbered on its own: the inbox's
 * (`contact_events`) and the pipeline's (`lead_changes`).
 */
export type EventFeed = 'contacts' | 'leads';
export const EVENT_FEEDS: readonly EventFeed[] = ['contacts', 'leads'];

/** Where a stream stands in each log: the number of the last change it has been sent. */
export type FeedCursor = Record<EventFeed, number>;

/** One change, serialised once: its number in its log, its event name, its JSON. */
export interface FeedEvent {
  seq: number;
  /** Null for the inbox's new message, sent as a plain `message` event. */
  name: string | null;
  data: string;
}

interface Subscriber {
  sessionIdHash: string;
  connection: EventStreamConnection;
  /**
   * One log (GET /api/contacts/events, GET /api/leads/events: each event's id is its number),
   * or both (GET /api/events: each event's id is the cursor `<contacts>.<leads>`).
   */
  feeds: EventFeed | 'both';
  cursor: FeedCursor;
}

export interface BroadcasterOptions {
  heartbeatMs: number;
  /** Called once per session with open streams at each heartbeat; false closes its streams. */
  isSessionLive: (sessionIdHash: string) => boolean;
}

// A client that lets this much pile up unread is dropped; it reconnects and replays.
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT = ': heartbeat\n\n';

/**
 * One server-sent event per change of the inbox, numbered by its change log. A new message is
 * a plain `message` event whose data is the message; the others are named: `updated` with
 * `{ ids, read }` and `deleted` with `{ ids }`.
 */
export function inboxFeedEvent(event: InboxEvent): FeedEvent {
  // JSON.stringify escapes line breaks, so the payload fits on one `data:` line.
  switch (event.type) {
    case 'created':
      return { seq: event.seq, name: null, data: JSON.stringify(event.message) };
    case 'updated':
      return {
        seq: event.seq,
        name: 'updated',
        data: JSON.stringify({ ids: event.ids, read: event.read }),
      };
    case 'deleted':
      return { seq: event.seq, name: 'deleted', data: JSON.stringify({ ids: event.ids }) };
  }
}

/**
 * One server-sent event per change of the pipeline, numbered by its change log: `lead` with
 * the lead as it now is (its whole timeline), `removed` with `{ id }` (its message deleted).
 */
export function leadFeedEvent(event: LeadStreamEvent): FeedEvent {
  return event.type === 'lead'
    ? { seq: event.seq, name: 'lead', data: JSON.stringify(event.lead) }
    : { seq: event.seq, name: 'removed', data: JSON.stringify({ id: event.id }) };
}

/** The text of one event, under this id. */
export function formatFeedEvent(event: FeedEvent, id: string): string {
  return `${event.name ? `event: ${event.name}\n` : ''}id: ${id}\ndata: ${event.data}\n\n`;
}

/** The id of an event of the stream of both logs: where it leaves the stream in each. */
export function formatCursor(cursor: FeedCursor): string {
  return `${cursor.contacts}.${cursor.leads}`;
}

/** An inbox event as the inbox's own stream sends it (its id is its number). */
export function formatInboxEvent(event: InboxEvent): string {
  return formatFeedEvent(inboxFeedEvent(event), String(event.seq));
}

/** A pipeline event as the pipeline's own stream sends it (its id is its number). */
export function formatLeadEvent(event: LeadStreamEvent): string {
  return formatFeedEvent(leadFeedEvent(event), String(event.seq));
}

/**
 * Fans the changes of the inbox and of the pipeline out to every open dashboard stream of this
 * process. Each event is serialised once whatever the number of streams (a stream of both logs
 * only adds its id), and one timer drives every heartbeat.
 */
export class EventBroadcaster {
  readonly #options: BroadcasterOptions;
  readonly #subscribers = new Set<Subscriber>();
  readonly #bySession = new Map<string, Set<Subscriber>>();
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(options: BroadcasterOptions) {
    this.#options = options;
  }

  /**
   * Adds an open stream, which has been sent everything up to `cursor`; the returned function
   * removes it (call it when the socket closes).
   */
  add(
    sessionIdHash: string,
    connection: EventStreamConnection,
    feeds: EventFeed | 'both',
    cursor: FeedCursor,
  ): () => void {
    const subscriber: Subscriber = { sessionIdHash, connection, feeds, cursor: { ...cursor } };
    this.#subscribers.add(subscriber);
    let ofSession = this.#bySession.get(sessionIdHash);
    if (!ofSession) {
      ofSession = new Set();
      this.#bySession.set(sessionIdHash, ofSession);
    }
    ofSession.add(subscriber);
    this.#heartbeat ??= setInterval(() => this.#beat(), this.#options.heartbeatMs);
    return () => this.#remove(subscriber);
  }

  /** Sends these changes of one log, oldest first, to every stream that follows it. */
  publish(feed: EventFeed, events: readonly FeedEvent[]): void {
    if (events.length === 0 || this.#subscribers.size === 0) return;
    let alone: string | undefined;
    // The streams of both logs usually stand at the same place in the other log: one text each.
    const together = new Map<number, string>();
    const other: EventFeed = feed === 'contacts' ? 'leads' : 'contacts';
    for (const subscriber of [...this.#subscribers]) {
      if (subscriber.feeds === feed) {
        alone ??= events.map((event) => formatFeedEvent(event, String(event.seq))).join('');
        this.#write(subscriber, alone);
      } else if (subscriber.feeds === 'both') {
        const { cursor } = subscriber;
        let text = together.get(cursor[other]);
        if (text === undefined) {
          const at = { ...cursor };
          text = events
            .map((event) => {
              at[feed] = event.seq;
              return formatFeedEvent(event, formatCursor(at));
            })
            .join('');
          together.set(cursor[other], text);
        }
        cursor[feed] = events.at(-1)?.seq ?? cursor[feed];
        this.#write(subscriber, text);
      }
    }
  }

  /** Ends every stream of one session (signed out, or expired). */
  closeSession(sessionIdHash: string): void {
    for (const subscriber of [...(this.#bySession.get(sessionIdHash) ?? [])]) {
      this.#remove(subscriber);
      subscriber.connection.end();
    }
  }

  /** Ends every stream (shutdown). */
  closeAll(): void {
    for (const subscriber of [...this.#subscribers]) {
      this.#remove(subscriber);
      subscriber.connection.end();
    }
  }

  #remove(subscriber: Subscriber): void {
    if (!this.#subscribers.delete(subscriber)) return;
    const ofSession = this.#bySession.get(subscriber.sessionIdHash);
    ofSession?.delete(subscriber);
    if (ofSession?.size === 0) this.#bySession.delete(subscriber.sessionIdHash);
    if (this.#subscribers.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }

  #write(subscriber: Subscriber, chunk: string): void {
    const { connection } = subscriber;
    connection.write(chunk);
    if (connection.writableLength > MAX_BUFFERED_BYTES) {
      this.#remove(subscriber);
      connection.destroy();
    }
  }

  #beat(): void {
    for (const sessionIdHash of [...this.#bySession.keys()]) {
      if (!this.#options.isSessionLive(sessionIdHash)) this.closeSession(sessionIdHash);
    }
    for (const subscriber of [...this.#subscribers]) this.#write(subscriber, HEARTBEAT);
  }
}
