/**
 * The hub that gives every watch of a page (or, in a shared worker, of every tab) its events
 * from one stream, GET /api/events: each watch gets each change of its log after its own list
 * once, in order, whether it came first, later with an older list, or later still.
 */
import { describe, expect, it } from 'vitest';
import type {
  EventSourceLike,
  MessageEventLike,
} from '../../../shared/backend/http/event-source.ts';
import { createEventHub, type FeedSource } from '../../../shared/backend/http/event-hub.ts';
import {
  eventHubOverPort,
  serveEventHubPort,
  type PortLike,
} from '../../../shared/backend/http/event-hub-port.ts';

/** An EventSource the test drives: what the server would send, when it would. */
class FakeStream implements EventSourceLike {
  static opened: FakeStream[] = [];
  readyState = 0;
  closed = false;
  readonly listeners = new Map<string, ((event: MessageEventLike) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeStream.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEventLike) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, lastEventId = '', data: unknown = '{}'): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, lastEventId });
  }
  ready(cursor: string): void {
    this.readyState = 1;
    this.emit('open');
    this.emit('ready', cursor);
  }
  get cursor(): string {
    return decodeURIComponent(this.url.split('lastEventId=')[1] ?? '');
  }
}

function fresh() {
  FakeStream.opened = [];
  const hub = createEventHub({ url: '/api/events', EventSource: FakeStream, bufferSize: 3 });
  return { hub, streams: FakeStream.opened };
}

/** What a watch saw: `open`, `error:<readyState>`, or `<event>@<its log's number>`. */
function follow(source: FeedSource): string[] {
  const seen: string[] = [];
  source.addEventListener('open', () => seen.push('open'));
  source.addEventListener('error', () => seen.push(`error:${source.readyState}`));
  for (const name of ['message', 'updated', 'deleted', 'lead', 'removed'] as const) {
    source.addEventListener(name, (event) => seen.push(`${name}@${event.lastEventId}`));
  }
  return seen;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createEventHub', () => {
  it('opens one stream for both logs, from each watch’s list, and gives each its own events', () => {
    const { hub, streams } = fresh();
    const inbox = follow(hub.open('contacts', 4));
    const leads = follow(hub.open('leads', 7));
    expect(streams).toHaveLength(1);
    // Opened before the pipeline's list came: the pipeline « from now ».
    expect(streams[0]?.cursor).toBe('4.');
    streams[0]?.ready('4.7');
    streams[0]?.emit('message', '5.7');
    streams[0]?.emit('lead', '5.8');
    streams[0]?.emit('updated', '6.8');
    expect(inbox).toEqual(['open', 'message@5', 'updated@6']);
    expect(leads).toEqual(['open', 'lead@8']);
    expect(streams).toHaveLength(1);
  });

  it('gives a watch that comes later with an older list what it lacks from the last events', async () => {
    const { hub, streams } = fresh();
    follow(hub.open('contacts', 1));
    streams[0]?.ready('1.0');
    streams[0]?.emit('message', '2.0');
    streams[0]?.emit('message', '3.0');
    const later = follow(hub.open('contacts', 2));
    expect(later).toEqual([]);
    await tick();
    expect(later).toEqual(['open', 'message@3']);
    streams[0]?.emit('deleted', '4.0');
    expect(later).toEqual(['open', 'message@3', 'deleted@4']);
    expect(streams).toHaveLength(1);
  });

  it('reopens the stream from further back for a list older than what it kept; none is given twice', () => {
    const { hub, streams } = fresh();
    const first = follow(hub.open('contacts', 10));
    streams[0]?.ready('10.0');
    for (const seq of [11, 12, 13, 14]) streams[0]?.emit('message', `${seq}.0`);
    // Kept: 12, 13, 14 (3 at most). A list at 10 is older than that.
    const old = follow(hub.open('contacts', 10));
    expect(streams).toHaveLength(2);
    expect(streams[0]?.closed).toBe(true);
    expect(streams[1]?.cursor).toBe('10.0');
    streams[1]?.ready('10.0');
    for (const seq of [11, 12, 13, 14, 15]) streams[1]?.emit('message', `${seq}.0`);
    expect(old).toEqual([
      'open',
      'message@11',
      'message@12',
      'message@13',
      'message@14',
      'message@15',
    ]);
    expect(first).toEqual([
      'open',
      'message@11',
      'message@12',
      'message@13',
      'message@14',
      'open',
      'message@15',
    ]);
  });

  it('tells every watch when the stream reconnects, and when it was refused; closes with the last watch', () => {
    const { hub, streams } = fresh();
    const inboxSource = hub.open('contacts', 0);
    const inbox = follow(inboxSource);
    const leads = follow(hub.open('leads', 0));
    streams[0]?.ready('0.0');
    streams[0]?.emit('error');
    streams[0]?.ready('0.0');
    if (streams[0]) streams[0].readyState = 2;
    streams[0]?.emit('error');
    expect(inbox).toEqual(['open', 'error:0', 'open', 'error:2']);
    expect(leads).toEqual(['open', 'error:0', 'open', 'error:2']);

    // Asked again (the watches' retry): a new stream, closed when no watch is left.
    const again = hub.open('contacts', 0);
    expect(streams).toHaveLength(2);
    again.close();
    expect(streams[1]?.closed).toBe(true);
    inboxSource.close();
  });
});

describe('the hub over a shared worker’s port', () => {
  /** Two ends of a MessageChannel, delivering asynchronously as the browser does. */
  function channel(): [PortLike, PortLike] {
    const listeners: [
      ((event: { data: unknown }) => void)[],
      ((event: { data: unknown }) => void)[],
    ] = [[], []];
    const end = (mine: 0 | 1): PortLike => ({
      postMessage(message) {
        const copy: unknown = structuredClone(message);
        setTimeout(() => {
          for (const listener of listeners[mine === 0 ? 1 : 0]) listener({ data: copy });
        }, 0);
      },
      addEventListener(_type, listener) {
        listeners[mine].push(listener);
      },
      start() {},
    });
    return [end(0), end(1)];
  }

  it('gives two tabs the events of one stream; a tab gone stops its watches, the last one the stream', async () => {
    FakeStream.opened = [];
    const hubs = new Map<string, ReturnType<typeof createEventHub>>();
    const hubFor = (url: string) => {
      const hub = hubs.get(url) ?? createEventHub({ url, EventSource: FakeStream });
      hubs.set(url, hub);
      return hub;
    };
    const [tabA, workerA] = channel();
    const [tabB, workerB] = channel();
    const servedA = serveEventHubPort(workerA, hubFor);
    serveEventHubPort(workerB, hubFor);
    const seenA = follow(eventHubOverPort(tabA, 'http://x/api/events').open('contacts', 0));
    const sourceB = eventHubOverPort(tabB, 'http://x/api/events').open('contacts', 0);
    const seenB = follow(sourceB);
    await tick();
    expect(FakeStream.opened).toHaveLength(1);
    const stream = FakeStream.opened[0];
    stream?.ready('0.0');
    stream?.emit('message', '1.0', '{"id":"m1"}');
    await tick();
    await tick();
    expect(seenA).toEqual(['open', 'message@1']);
    expect(seenB).toEqual(['open', 'message@1']);

    // Tab A closes: B goes on, on the same stream.
    servedA.closeAll();
    stream?.emit('deleted', '2.0');
    await tick();
    await tick();
    expect(seenA).toEqual(['open', 'message@1']);
    expect(seenB).toEqual(['open', 'message@1', 'deleted@2']);
    expect(stream?.closed).toBe(false);
    sourceB.close();
    await tick();
    expect(stream?.closed).toBe(true);
  });
});
