import { z } from 'zod';
import {
  contactMessageSchema,
  spamMessageSchema,
  type ContactFormValues,
  type ContactMessage,
} from '../../domain/contact.ts';
import type { InboxChange } from '../../domain/inbox.ts';
import { BackendError, type MessageStore, type MessagesObserver } from '../ports.ts';
import type { SessionState } from '../session-state.ts';
import { createWatchLifecycle, type RetryDelays } from '../watch-lifecycle.ts';
import type { MessageEventLike } from './event-source.ts';
import type { EventHub } from './event-hub.ts';
import { openWatches, parseEventData, watchEventStream } from './event-stream-watch.ts';
import type { HttpClient } from './http-client.ts';

/** The server takes up to this many ids per bulk deletion. */
const BULK_DELETE_CHUNK = 1000;

/** The data of the stream's `updated` event, and of its `deleted` event. */
const readChangeSchema = z.object({ ids: z.array(z.string()), read: z.boolean() });
const deletionSchema = z.object({ ids: z.array(z.string()) });
/** The answer to a message sent. */
const sentSchema = z.object({ id: z.string() });

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
  /** The shared event stream; undefined where there is none (an old browser): watching then fails in French. */
  hub: () => EventHub | undefined;
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
  hub,
  retryDelays,
}: HttpInboxOptions): HttpInbox {
  const open = openWatches();

  /**
   * The list first (`GET /api/contacts`, which names the last event it includes), then the
   * event stream from that event on (watchEventStream): each new message, read flag and
   * deletion, applied to what the watch knows.
   */
  function watch(observer: MessagesObserver): () => void {
    const lifecycle = createWatchLifecycle(observer, retryDelays);
    const known = new Map<string, ContactMessage>();
    open.add(lifecycle);

    const onCreated = (event: MessageEventLike) => {
      const message = parseEventData(contactMessageSchema, event);
      // A replay after a reconnection may resend what is already here.
      if (!message || known.has(message.id)) return;
      known.set(message.id, message);
      lifecycle.changes([{ type: 'added', message }]);
    };

    // A read flag set, here or on another dashboard.
    const onUpdated = (event: MessageEventLike) => {
      const change = parseEventData(readChangeSchema, event);
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
      const deletion = parseEventData(deletionSchema, event);
      if (!deletion) return;
      const changes: InboxChange[] = [];
      for (const id of deletion.ids) {
        if (known.delete(id)) changes.push({ type: 'removed', id });
      }
      lifecycle.changes(changes);
    };

    watchEventStream({
      client,
      session,
      hub,
      lifecycle,
      listPath: '/api/contacts',
      onList(body) {
        const messages = parseMessages(body);
        for (const message of messages) known.set(message.id, message);
        lifecycle.snapshot(messages);
      },
      feed: 'contacts',
      events: { message: onCreated, updated: onUpdated, deleted: onDeleted },
    });
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

    async markSpam(id) {
      await client.send(`/api/contacts/${encodeURIComponent(id)}/spam`, 'admin', {
        method: 'POST',
        said: { 409: 'refused' },
      });
    },

    stopAll: open.stopAll,
  };
}
