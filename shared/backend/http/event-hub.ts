import {
  EVENT_SOURCE_CLOSED,
  type EventSourceConstructor,
  type EventSourceLike,
  type MessageEventLike,
} from './event-source.ts';

/**
 * The two change logs of src-server a dashboard follows, numbered each on its own: the
 * inbox's and the pipeline's. GET /api/events carries both in one stream.
 */
export type EventFeed = 'contacts' | 'leads';

/** The events src-server sends, and the log each belongs to. */
export const STREAM_EVENT_FEEDS = {
  message: 'contacts',
  updated: 'contacts',
  deleted: 'contacts',
  lead: 'leads',
  removed: 'leads',
} as const satisfies Record<string, EventFeed>;

export type StreamEventName = keyof typeof STREAM_EVENT_FEEDS;

const STREAM_EVENT_NAMES = Object.keys(STREAM_EVENT_FEEDS) as StreamEventName[];

export const FEED_CONNECTING = 0;
export const FEED_OPEN = 1;
export const FEED_CLOSED = EVENT_SOURCE_CLOSED;

/**
 * What a watch sees of the shared stream: the events of one log after a given change, each
 * with that log's number as `lastEventId`. It behaves as an EventSource of that log alone:
 * `open` once the stream is live, `error` while it reconnects (readyState 0) or once the
 * server refused it (readyState 2: it will not come back; open another).
 */
export interface FeedSource {
  readonly readyState: number;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: StreamEventName, listener: (event: MessageEventLike) => void): void;
  close(): void;
}

export interface EventHub {
  /** The events of `feed` after its change number `since`. */
  open(feed: EventFeed, since: number): FeedSource;
}

type Listener = (event: MessageEventLike) => void;

/** A FeedSource's listeners and state, for whoever feeds it (the hub, or a worker's port). */
export class FeedSourceHandle implements FeedSource {
  readyState = FEED_CONNECTING;
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #onClose: () => void;

  constructor(onClose: () => void) {
    this.#onClose = onClose;
  }

  addEventListener(type: string, listener: Listener): void {
    let set = this.#listeners.get(type);
    if (!set) {
      set = new Set();
      this.#listeners.set(type, set);
    }
    set.add(listener);
  }

  close(): void {
    if (this.readyState === FEED_CLOSED) return;
    this.readyState = FEED_CLOSED;
    this.#onClose();
  }

  /** The stream is live (again). */
  opened(): void {
    if (this.readyState === FEED_CLOSED) return;
    this.readyState = FEED_OPEN;
    this.#emit('open', { data: null, lastEventId: '' });
  }

  /** The stream is reconnecting (`closed` false) or was refused and is over (`closed` true). */
  failed(closed: boolean): void {
    if (this.readyState === FEED_CLOSED) return;
    this.readyState = closed ? FEED_CLOSED : FEED_CONNECTING;
    this.#emit('error', { data: null, lastEventId: '' });
  }

  event(name: StreamEventName, event: MessageEventLike): void {
    if (this.readyState === FEED_CLOSED) return;
    this.#emit(name, event);
  }

  #emit(type: string, event: MessageEventLike): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) listener(event);
  }
}

interface Follower {
  feed: EventFeed;
  /** The number of the last change of its log it has been given. */
  cursor: number;
  handle: FeedSourceHandle;
}

interface Buffered {
  feed: EventFeed;
  seq: number;
  name: StreamEventName;
  data: unknown;
}

type PerFeed<T> = Record<EventFeed, T>;

/** The cursor of GET /api/events, `<contacts>.<leads>` (a part may be empty: « from now »). */
export function parseFeedCursor(id: string): Partial<PerFeed<number>> | null {
  const match = /^(\d*)\.(\d*)$/.exec(id);
  if (!match) return null;
  const [, contacts = '', leads = ''] = match;
  return {
    ...(contacts === '' ? {} : { contacts: Number(contacts) }),
    ...(leads === '' ? {} : { leads: Number(leads) }),
  };
}

export interface EventHubOptions {
  /** GET /api/events, on the server's origin. */
  url: string;
  EventSource: EventSourceConstructor;
  /** How many recent events are kept for a watch that joins with an older list. */
  bufferSize?: number;
}

/**
 * One event stream (GET /api/events) for every watch of this page, or of every tab of the
 * browser when it runs in a shared worker (src-web/backend/shared-events.ts). Each watch says
 * from which change of its log it needs the events; the hub keeps the last ones it received,
 * so that a watch joining with a list a little older is given what it lacks, and reopens the
 * stream from further back when the watch's list is older than those. Each watch is given
 * each change after its own once, in order: none missed, none twice. The stream closes when
 * no watch is left.
 */
export function createEventHub({ url, EventSource, bufferSize = 2000 }: EventHubOptions): EventHub {
  const followers = new Set<Follower>();
  let source: EventSourceLike | undefined;
  /** The stream has said where it starts (`ready`) and not failed since. */
  let live = false;
  /** Every change after `floor` that the stream sent is in `buffer`; null: not known yet. */
  let floor: PerFeed<number | null> = { contacts: null, leads: null };
  /** The last change of each log the stream sent. */
  let position: PerFeed<number | null> = { contacts: null, leads: null };
  let buffer: Buffered[] = [];

  const deliver = (follower: Follower, item: Buffered) => {
    if (item.feed !== follower.feed || item.seq <= follower.cursor) return;
    follower.cursor = item.seq;
    follower.handle.event(item.name, { data: item.data, lastEventId: String(item.seq) });
  };

  /** The stream can give this follower everything it lacks. */
  const covers = (follower: Follower) => {
    const from = floor[follower.feed];
    return from !== null && follower.cursor >= from;
  };

  const stop = () => {
    source?.close();
    source = undefined;
    live = false;
    buffer = [];
    floor = { contacts: null, leads: null };
  };

  const start = () => {
    const from: PerFeed<number | null> = { ...position };
    for (const follower of followers) {
      const lowest = from[follower.feed];
      from[follower.feed] = lowest === null ? follower.cursor : Math.min(lowest, follower.cursor);
    }
    stop();
    position = { ...from };
    const cursor = `${from.contacts ?? ''}.${from.leads ?? ''}`;
    const current = new EventSource(`${url}?lastEventId=${encodeURIComponent(cursor)}`, {
      withCredentials: true,
    });
    source = current;
    const mine = () => source === current;

    current.addEventListener('ready', (event) => {
      if (!mine()) return;
      const at = parseFeedCursor(event.lastEventId);
      if (!at) return;
      if (!live && floor.contacts === null && floor.leads === null) {
        // The first `ready` of this stream: where it starts in each log.
        floor = { contacts: at.contacts ?? null, leads: at.leads ?? null };
        position = { ...floor };
      }
      live = true;
      // A watch that came with an older list while the stream was connecting.
      if ([...followers].some((follower) => !covers(follower))) {
        start();
        return;
      }
      for (const follower of followers) follower.handle.opened();
    });

    for (const name of STREAM_EVENT_NAMES) {
      const feed = STREAM_EVENT_FEEDS[name];
      current.addEventListener(name, (event) => {
        if (!mine()) return;
        const seq = parseFeedCursor(event.lastEventId)?.[feed];
        if (seq === undefined) return;
        const last = position[feed];
        if (last !== null && seq <= last) return;
        position[feed] = seq;
        const item: Buffered = { feed, seq, name, data: event.data };
        buffer.push(item);
        if (buffer.length > bufferSize) {
          const dropped = buffer.shift();
          if (dropped) floor[dropped.feed] = dropped.seq;
        }
        for (const follower of [...followers]) deliver(follower, item);
      });
    }

    current.addEventListener('error', () => {
      if (!mine()) return;
      live = false;
      if (current.readyState === EVENT_SOURCE_CLOSED) {
        // Refused (signed out, server gone): every watch is told, and will ask again.
        const gone = [...followers];
        followers.clear();
        stop();
        position = { contacts: null, leads: null };
        for (const follower of gone) follower.handle.failed(true);
        return;
      }
      // The EventSource reconnects by itself, from the last cursor it was sent.
      for (const follower of followers) follower.handle.failed(false);
    });
  };

  return {
    open(feed, since) {
      const follower: Follower = {
        feed,
        cursor: since,
        handle: new FeedSourceHandle(() => {
          followers.delete(follower);
          if (followers.size === 0) {
            stop();
            position = { contacts: null, leads: null };
          }
        }),
      };
      followers.add(follower);
      if (!source) {
        start();
      } else if (live) {
        if (covers(follower)) {
          // Given after the caller has added its listeners, as an EventSource would.
          queueMicrotask(() => {
            if (!followers.has(follower)) return;
            follower.handle.opened();
            for (const item of buffer) deliver(follower, item);
          });
        } else {
          start();
        }
      }
      // Else the stream is connecting: its `ready` opens this follower with the others.
      return follower.handle;
    },
  };
}
