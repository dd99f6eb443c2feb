import { z } from 'zod';
import { leadSchema, type Lead } from '../../domain/leads/pipeline.ts';
import { BackendError, type LeadChange, type LeadPipeline, type LeadsObserver } from '../ports.ts';
import type { SessionState } from '../session-state.ts';
import { createWatchLifecycle, type RetryDelays } from '../watch-lifecycle.ts';
import type { EventHub } from './event-hub.ts';
import { openWatches, parseEventData, watchEventStream } from './event-stream-watch.ts';
import type { HttpClient, SendInit } from './http-client.ts';

const removedSchema = z.object({ id: z.string() });
const addedNoteSchema = z.object({ noteId: z.string() });
const addedContactSchema = z.object({ id: z.string().min(1) });

function parseLeads(body: unknown): Lead[] {
  const leads: Lead[] = [];
  for (const item of Array.isArray(body) ? body : []) {
    const parsed = leadSchema.safeParse(item);
    if (parsed.success) leads.push(parsed.data);
  }
  return leads;
}

export interface HttpLeadsOptions {
  client: HttpClient;
  session: SessionState;
  hub: () => EventHub | undefined;
  retryDelays: RetryDelays;
}

export interface HttpLeads extends LeadPipeline {
  stopAll(): void;
}

/**
 * The LeadPipeline port over src-server: `GET /api/leads` (naming the last change it
 * includes), then the pipeline's event stream from that change on, as for the inbox.
 */
export function createHttpLeads({
  client,
  session,
  hub,
  retryDelays,
}: HttpLeadsOptions): HttpLeads {
  const open = openWatches();

  /**
   * A change to the pipeline. A note past its 10 minutes (409) is refused in the server's
   * French sentence.
   */
  const send = (path: string, init: SendInit) =>
    client.send(path, 'admin', { ...init, said: { 409: 'refused' } });

  const path = (id: string, rest: string) => `/api/leads/${encodeURIComponent(id)}/${rest}`;

  function watch(observer: LeadsObserver): () => void {
    const lifecycle = createWatchLifecycle<Lead, LeadChange>(observer, retryDelays);
    open.add(lifecycle);
    watchEventStream({
      client,
      session,
      hub,
      lifecycle,
      listPath: '/api/leads',
      onList: (body) => lifecycle.snapshot(parseLeads(body)),
      feed: 'leads',
      events: {
        lead(event) {
          const lead = parseEventData(leadSchema, event);
          if (lead) lifecycle.changes([{ type: 'set', lead }]);
        },
        removed(event) {
          const removed = parseEventData(removedSchema, event);
          if (removed) lifecycle.changes([{ type: 'removed', id: removed.id }]);
        },
      },
    });
    return lifecycle.stop;
  }

  return {
    watch,

    async setStatus(id, change) {
      await send(path(id, 'status'), { method: 'POST', json: change });
    },

    async addNote(id, text) {
      const answer = await send(path(id, 'notes'), { method: 'POST', json: { text } });
      const parsed = addedNoteSchema.safeParse(answer.body);
      if (!parsed.success) throw new BackendError('unknown', { cause: parsed.error });
      return { noteId: parsed.data.noteId };
    },

    async correctNote(id, noteId, text) {
      await send(path(id, `notes/${encodeURIComponent(noteId)}`), {
        method: 'PATCH',
        json: { text },
      });
    },

    async setNextAction(id, nextActionAt) {
      await send(path(id, 'next-action'), { method: 'PUT', json: { nextActionAt } });
    },

    async setEstimatedValue(id, estimatedValue) {
      await send(path(id, 'estimated-value'), { method: 'PUT', json: { estimatedValue } });
    },

    async recordReply(id, channel) {
      await send(path(id, 'replies'), { method: 'POST', json: { channel } });
    },

    async addContact(input) {
      const answer = await send('/api/leads', { method: 'POST', json: input });
      const parsed = addedContactSchema.safeParse(answer.body);
      if (!parsed.success) throw new BackendError('unknown', { cause: parsed.error });
      return { id: parsed.data.id };
    },

    stopAll: open.stopAll,
  };
}
