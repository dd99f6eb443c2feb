import type { z } from 'zod';
import { LIVE_UPDATES_UNSUPPORTED } from '../../domain/messages.ts';
import { BackendError } from '../ports.ts';
import type { SessionState } from '../session-state.ts';
import type { WatchLifecycle } from '../watch-lifecycle.ts';
import { EVENT_SOURCE_CLOSED, type MessageEventLike } from './event-source.ts';
import type { EventFeed, EventHub, FeedSource, StreamEventName } from './event-hub.ts';
import type { HttpClient } from './http-client.ts';

/** The data of a stream's event, as `schema` reads it; null when it does not. */
export function parseEventData<T>(schema: z.ZodType<T>, event: MessageEventLike): T | null {
  if (typeof event.data !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(event.data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface EventStreamWatch<Item, Change> {
  client: HttpClient;
  session: SessionState;
  /**
   * The event stream shared by the page's watches (or the browser's tabs); undefined where
   * there is no EventSource (an old browser): watching then fails in French.
   */
  hub: () => EventHub | undefined;
  lifecycle: WatchLifecycle<Item, Change>;
  /** The list (GET), whose `X-Last-Event-Id` names the last change it includes. */
  listPath: string;
  /** Takes the list the server sent: reads it and gives the watch its snapshot. */
  onList(body: unknown): void;
  /** The change log whose events follow that list (GET /api/events carries both). */
  feed: EventFeed;
  /** What each of the stream's events does (its id is remembered before). */
  events: Partial<Record<StreamEventName, (event: MessageEventLike) => void>>;
}

/**
 * A watch over src-server, the inbox's and the pipeline's alike: the list first, then the
 * events of its log from the last change it includes, taken from the stream the hub shares
 * (event-hub.ts). A stream cut off resumes from the last event received (the EventSource sends
 * Last-Event-ID), so nothing is missed and nothing is delivered twice; a stream refused (not merely cut) asks the server whether the session is
 * still open, and ends the watch with `unauthorized` when it is not. Signing out ends it at
 * once.
 */
export function watchEventStream<Item, Change>({
  client,
  session,
  hub,
  lifecycle,
  listPath,
  onList,
  feed,
  events,
}: EventStreamWatch<Item, Change>): void {
  let lastEventId = 0;
  let source: FeedSource | undefined;

  lifecycle.onStop(() => {
    source?.close();
    source = undefined;
  });
  lifecycle.onStop(session.onEnd(() => lifecycle.end(new BackendError('unauthorized'))));

  const diagnose = async () => {
    try {
      const answer = await client.request('/api/session');
      if (lifecycle.stopped) return;
      if (answer.status === 401) {
        // Ends this watch (and every other) with 'unauthorized'.
        session.set(null);
        lifecycle.end(new BackendError('unauthorized'));
        return;
      }
    } catch {
      // Unreachable: keep trying.
    }
    lifecycle.retryLater(openStream);
  };

  const openStream = () => {
    const shared = hub();
    if (!shared) {
      lifecycle.end(new BackendError('unknown', { message: LIVE_UPDATES_UNSUPPORTED }));
      return;
    }
    const current = shared.open(feed, lastEventId);
    source = current;
    const live = () => source === current && !lifecycle.stopped;
    current.addEventListener('open', () => {
      if (!live()) return;
      lifecycle.recovered();
      lifecycle.status('live');
    });
    for (const [name, handle] of Object.entries(events) as [
      StreamEventName,
      (event: MessageEventLike) => void,
    ][]) {
      current.addEventListener(name, (event) => {
        if (!live()) return;
        const seq = Number(event.lastEventId);
        if (event.lastEventId !== '' && Number.isSafeInteger(seq)) lastEventId = seq;
        handle(event);
      });
    }
    current.addEventListener('error', () => {
      if (!live()) return;
      lifecycle.status('reconnecting');
      if (current.readyState === EVENT_SOURCE_CLOSED) {
        current.close();
        source = undefined;
        void diagnose();
      }
      // Otherwise the stream reconnects by itself and sends Last-Event-ID.
    });
  };

  const load = async () => {
    try {
      const answer = await client.request(listPath);
      if (lifecycle.stopped) return;
      if (!answer.ok) {
        const error = client.failure(answer, 'admin');
        if (error.code === 'unavailable') lifecycle.retryLater(() => void load());
        else lifecycle.end(error);
        return;
      }
      lastEventId = Number(answer.headers.get('X-Last-Event-Id') ?? '0') || 0;
      onList(answer.body);
      openStream();
    } catch (error) {
      if (lifecycle.stopped) return;
      if (error instanceof BackendError && error.code === 'network') {
        lifecycle.retryLater(() => void load());
      } else {
        lifecycle.end(
          error instanceof BackendError ? error : new BackendError('unknown', { cause: error }),
        );
      }
    }
  };

  lifecycle.status('connecting');
  void load();
}

/** The watches an adapter has open, to stop them all when the backend closes. */
export function openWatches() {
  const open = new Set<{ stop(): void; onStop(release: () => void): void }>();
  return {
    add(lifecycle: { stop(): void; onStop(release: () => void): void }) {
      open.add(lifecycle);
      lifecycle.onStop(() => open.delete(lifecycle));
    },
    /** Stops every open watch quietly. */
    stopAll() {
      for (const lifecycle of [...open]) lifecycle.stop();
    },
  };
}
