import { z } from 'zod';
import {
  contactMessageSchema,
  spamMessageSchema,
  type ContactFormValues,
  type ContactMessage,
} from '../../domain/contact.ts';
import type { InboxChange } from '../../domain/inbox.ts';
import { LIVE_UPDATES_UNSUPPORTED } from '../../domain/messages.ts';
import { BackendError, type MessageStore, type MessagesObserver } from '../ports.ts';
import type { SessionState } from '../session-state.ts';
import { createWatchLifecycle, type RetryDelays, type WatchLifecycle } from '../watch-lifecycle.ts';
import {
  EVENT_SOURCE_CLOSED,
  type EventSourceConstructor,
  type EventSourceLike,
  type MessageEventLike,
} from './event-source.ts';
import type { HttpClient } from './http-client.ts';

/** The server takes up to this many ids per bulk deletion. */
const BULK_DELETE_CHUNK = 1000;

/** The data of the stream's `updated` event, and of its `deleted` event. */
const readChangeSchema = z.object({ ids: z.array(z.string()), read: z.boolean() });
const deletionSchema = z.object({ ids: z.array(z.string()) });
/** The answer to a message sent. */
const sentSchema = z.object({ id: z.string() });

function parseData<T>(schema: z.ZodType<T>, event: MessageEventLike): T | null {
  if (typeof event.data !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(event.data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The messages of a list the server sent; anything that is not a message is dropped. */
function parseMessages(body: unknown): ContactMessage[] {
  const messages: ContactMessage[] = [];
  for (const item of Array.isArray(body) ? body : []) {
    const parsed = contactMessageSchema.safeParse(item);
    if (parsed.success) messages.push(parsed.data);
  }
  return messages;
}

export interface HttpInboxOptions {
  client: HttpClient;
  session: SessionState;
  /** Undefined where there is none (an old browser): watching then fails in French. */
  EventSource: EventSourceConstructor | undefined;
  retryDelays: RetryDelays;
}

/** The MessageStore port over src-server: plain requests, and server-sent events for the inbox. */
export interface HttpInbox extends MessageStore {
  /** Stops every open watch quietly (the backend is closing). */
  stopAll(): void;
}

export function createHttpInbox({
  client,
  session,
  EventSource,
  retryDelays,
}: HttpInboxOptions): HttpInbox {
  const open = new Set<WatchLifecycle>();

  /**
   * The list first (`GET /api/contacts`, which names the last event it includes), then the
   * event stream from that event on. A stream cut off resumes from the last event received,
   * so nothing is missed and nothing is delivered twice.
   */
  function watch(observer: MessagesObserver): () => void {
    const lifecycle = createWatchLifecycle(observer, retryDelays);
    const known = new Map<string, ContactMessage>();
    let lastEventId = '0';
    let source: EventSourceLike | undefined;

    open.add(lifecycle);
    lifecycle.onStop(() => {
      open.delete(lifecycle);
      source?.close();
      source = undefined;
    });
    // Signing out (or finding the session gone) ends the watch at once.
    lifecycle.onStop(session.onEnd(() => lifecycle.end(new BackendError('unauthorized'))));

    const remember = (event: MessageEventLike) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
    };

    const onCreated = (event: MessageEventLike) => {
      remember(event);
      const message = parseData(contactMessageSchema, event);
      // A replay after a reconnection may resend what is already here.
      if (!message || known.has(message.id)) return;
      known.set(message.id, message);
      lifecycle.changes([{ type: 'added', message }]);
    };

    // A read flag set, here or on another dashboard.
    const onUpdated = (event: MessageEventLike) => {
      remember(event);
      const change = parseData(readChangeSchema, event);
      if (!change) return;
      const changes: InboxChange[] = [];
      for (const id of change.ids) {
        const message = known.get(id);
        if (!message || message.read === change.read) continue;
        const updated = { ...message, read: change.read };
        known.set(id, updated);
        changes.push({ type: 'changed', message: updated });
      }
      lifecycle.changes(changes);
    };

    const onDeleted = (event: MessageEventLike) => {
      remember(event);
      const deletion = parseData(deletionSchema, event);
      if (!deletion) return;
      const changes: InboxChange[] = [];
      for (const id of deletion.ids) {
        if (known.delete(id)) changes.push({ type: 'removed', id });
      }
      lifecycle.changes(changes);
    };

    // The stream was refused (not merely cut): ask the server whether we are still signed in.
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
      if (!EventSource) {
        lifecycle.end(new BackendError('unknown', { message: LIVE_UPDATES_UNSUPPORTED }));
        return;
      }
      const url = `${client.baseUrl}/api/contacts/events?lastEventId=${encodeURIComponent(lastEventId)}`;
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      const live = () => source === current && !lifecycle.stopped;
      current.addEventListener('open', () => {
        if (!live()) return;
        lifecycle.recovered();
        lifecycle.status('live');
      });
      current.addEventListener('message', (event) => {
        if (live()) onCreated(event);
      });
      current.addEventListener('updated', (event) => {
        if (live()) onUpdated(event);
      });
      current.addEventListener('deleted', (event) => {
        if (live()) onDeleted(event);
      });
      current.addEventListener('error', () => {
        if (!live()) return;
        lifecycle.status('reconnecting');
        if (current.readyState === EVENT_SOURCE_CLOSED) {
          current.close();
          source = undefined;
          void diagnose();
        }
        // Otherwise the EventSource reconnects by itself and sends Last-Event-ID.
      });
    };

    const loadList = async () => {
      try {
        const answer = await client.request('/api/contacts');
        if (lifecycle.stopped) return;
        if (!answer.ok) {
          const error = client.failure(answer, 'admin');
          if (error.code === 'unavailable') lifecycle.retryLater(() => void loadList());
          else lifecycle.end(error);
          return;
        }
        const messages = parseMessages(answer.body);
        if (lifecycle.stopped) return;
        lastEventId = answer.headers.get('X-Last-Event-Id') ?? '0';
        for (const message of messages) known.set(message.id, message);
        lifecycle.snapshot(messages);
        openStream();
      } catch (error) {
        if (lifecycle.stopped) return;
        if (error instanceof BackendError && error.code === 'network') {
          lifecycle.retryLater(() => void loadList());
        } else {
          lifecycle.end(
            error instanceof BackendError ? error : new BackendError('unknown', { cause: error }),
          );
        }
      }
    };

    lifecycle.status('connecting');
    void loadList();
    return lifecycle.stop;
  }

  return {
    async send(input: ContactFormValues) {
      const answer = await client.request('/api/contacts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      if (answer.status !== 201) throw client.failure(answer, 'send');
      const parsed = sentSchema.safeParse(answer.body);
      if (!parsed.success) throw new BackendError('unknown');
      return { id: parsed.data.id };
    },

    watch,

    async setRead(id, read) {
      await client.send(`/api/contacts/${encodeURIComponent(id)}`, 'admin', {
        method: 'PATCH',
        json: { read },
      });
    },

    async remove(ids) {
      const unique = [...new Set(ids)];
      for (let start = 0; start < unique.length; start += BULK_DELETE_CHUNK) {
        await client.send('/api/contacts/delete', 'admin', {
          method: 'POST',
          json: { ids: unique.slice(start, start + BULK_DELETE_CHUNK) },
        });
      }
    },

    async listSpam() {
      const answer = await client.send('/api/contacts/spam', 'admin');
      const parsed = z.array(spamMessageSchema).safeParse(answer.body);
      if (!parsed.success) throw new BackendError('unknown', { cause: parsed.error });
      return parsed.data;
    },

    async restoreSpam(id) {
      await client.send(`/api/contacts/${encodeURIComponent(id)}/not-spam`, 'admin', {
        method: 'POST',
      });
    },

    stopAll() {
      for (const lifecycle of [...open]) lifecycle.stop();
    },
  };
}
