/**
 * The part of the EventSource API the adapter uses, so that the browser's, Node's
 * (`--experimental-eventsource`) or the `eventsource` package's can be passed in.
 */
export interface MessageEventLike {
  readonly data: unknown;
  readonly lastEventId: string;
}

export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  /**
   * `message`: a new message; `updated` and `deleted`: the inbox's named change events;
   * `lead` and `removed`: the pipeline's; `ready`: where GET /api/events starts.
   */
  addEventListener(
    type: 'message' | 'updated' | 'deleted' | 'lead' | 'removed' | 'ready',
    listener: (event: MessageEventLike) => void,
  ): void;
  close(): void;
}

export type EventSourceConstructor = new (
  url: string,
  init?: { withCredentials?: boolean },
) => EventSourceLike;

/** `readyState` once the source has given up (it will not reconnect by itself). */
export const EVENT_SOURCE_CLOSED = 2;

export function globalEventSource(): EventSourceConstructor | undefined {
  return (globalThis as { EventSource?: EventSourceConstructor }).EventSource;
}
