import type { InboxEvent } from '../db/contacts-repository.ts';

/** The part of a `ServerResponse` a stream needs (a fake in tests). */
export interface EventStreamConnection {
  write(chunk: string): boolean;
  readonly writableLength: number;
  end(): void;
  destroy(): void;
}

interface Subscriber {
  sessionIdHash: string;
  connection: EventStreamConnection;
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
 * One server-sent event per change, numbered by the change log. A new message is a plain
 * `message` event whose data is the message; the others are named: `updated` with
 * `{ ids, read }` and `deleted` with `{ ids }`.
 */
export function formatInboxEvent(event: InboxEvent): string {
  // JSON.stringify escapes line breaks, so the payload fits on one `data:` line.
  switch (event.type) {
    case 'created':
      return `id: ${event.seq}\ndata: ${JSON.stringify(event.message)}\n\n`;
    case 'updated':
      return `event: updated\nid: ${event.seq}\ndata: ${JSON.stringify({ ids: event.ids, read: event.read })}\n\n`;
    case 'deleted':
      return `event: deleted\nid: ${event.seq}\ndata: ${JSON.stringify({ ids: event.ids })}\n\n`;
  }
}

/**
 * Fans the inbox's changes out to every open dashboard stream of this process. Each event is
 * serialised once whatever the number of streams, and one timer drives every heartbeat.
 */
export class EventBroadcaster {
  readonly #options: BroadcasterOptions;
  readonly #subscribers = new Set<Subscriber>();
  readonly #bySession = new Map<string, Set<Subscriber>>();
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(options: BroadcasterOptions) {
    this.#options = options;
  }

  /** Adds an open stream; the returned function removes it (call it when the socket closes). */
  add(sessionIdHash: string, connection: EventStreamConnection): () => void {
    const subscriber: Subscriber = { sessionIdHash, connection };
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

  /** Sends these changes, oldest first, to every stream. */
  publish(events: readonly InboxEvent[]): void {
    if (events.length === 0 || this.#subscribers.size === 0) return;
    this.#writeAll(events.map(formatInboxEvent).join(''));
  }

  /** Sends events already written out (another stream's, the pipeline's) to every stream. */
  publishText(chunk: string): void {
    if (chunk === '' || this.#subscribers.size === 0) return;
    this.#writeAll(chunk);
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

  #writeAll(chunk: string): void {
    for (const subscriber of [...this.#subscribers]) {
      const { connection } = subscriber;
      connection.write(chunk);
      if (connection.writableLength > MAX_BUFFERED_BYTES) {
        this.#remove(subscriber);
        connection.destroy();
      }
    }
  }

  #beat(): void {
    for (const sessionIdHash of [...this.#bySession.keys()]) {
      if (!this.#options.isSessionLive(sessionIdHash)) this.closeSession(sessionIdHash);
    }
    if (this.#subscribers.size > 0) this.#writeAll(HEARTBEAT);
  }
}
