import { z } from 'zod';
import { leadSchema, type Lead } from '../../domain/leads/pipeline.ts';
import { LIVE_UPDATES_UNSUPPORTED } from '../../domain/messages.ts';
import { BackendError, type LeadChange, type LeadPipeline, type LeadsObserver } from '../ports.ts';
import type { SessionState } from '../session-state.ts';
import { createWatchLifecycle, type RetryDelays, type WatchLifecycle } from '../watch-lifecycle.ts';
import {
  EVENT_SOURCE_CLOSED,
  type EventSourceConstructor,
  type EventSourceLike,
  type MessageEventLike,
} from './event-source.ts';
import type { HttpAnswer, HttpClient } from './http-client.ts';

const removedSchema = z.object({ id: z.string() });
const addedNoteSchema = z.object({ noteId: z.string() });

function parseData<T>(schema: z.ZodType<T>, event: MessageEventLike): T | null {
  if (typeof event.data !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(event.data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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
  EventSource: EventSourceConstructor | undefined;
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
  EventSource,
  retryDelays,
}: HttpLeadsOptions): HttpLeads {
  const open = new Set<WatchLifecycle<Lead, LeadChange>>();

  /** A refusal of the pipeline: its French sentence when the server gave one. */
  async function send(path: string, init: RequestInit & { json?: unknown }): Promise<HttpAnswer> {
    const { json, ...rest } = init;
    const answer = await client.request(path, {
      ...rest,
      ...(json === undefined
        ? {}
        : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) }),
    });
    if (answer.ok) return answer;
    const error = client.failure(answer, 'admin');
    const said =
      typeof answer.body === 'object' && answer.body !== null && 'error' in answer.body
        ? answer.body.error
        : undefined;
    // A note past its 10 minutes (409), or a note that is not this lead's (404 with its text).
    if (answer.status === 409 && typeof said === 'string') {
      throw new BackendError('refused', { message: said });
    }
    throw error;
  }

  const path = (id: string, rest: string) => `/api/leads/${encodeURIComponent(id)}/${rest}`;

  function watch(observer: LeadsObserver): () => void {
    const lifecycle = createWatchLifecycle<Lead, LeadChange>(observer, retryDelays);
    let lastEventId = '0';
    let source: EventSourceLike | undefined;
    open.add(lifecycle);
    lifecycle.onStop(() => {
      open.delete(lifecycle);
      source?.close();
      source = undefined;
    });
    lifecycle.onStop(session.onEnd(() => lifecycle.end(new BackendError('unauthorized'))));

    const remember = (event: MessageEventLike) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
    };

    const diagnose = async () => {
      try {
        const answer = await client.request('/api/session');
        if (lifecycle.stopped) return;
        if (answer.status === 401) {
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
      const url = `${client.baseUrl}/api/leads/events?lastEventId=${encodeURIComponent(lastEventId)}`;
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      const live = () => source === current && !lifecycle.stopped;
      current.addEventListener('open', () => {
        if (!live()) return;
        lifecycle.recovered();
        lifecycle.status('live');
      });
      current.addEventListener('lead', (event) => {
        if (!live()) return;
        remember(event);
        const lead = parseData(leadSchema, event);
        if (lead) lifecycle.changes([{ type: 'set', lead }]);
      });
      current.addEventListener('removed', (event) => {
        if (!live()) return;
        remember(event);
        const removed = parseData(removedSchema, event);
        if (removed) lifecycle.changes([{ type: 'removed', id: removed.id }]);
      });
      current.addEventListener('error', () => {
        if (!live()) return;
        lifecycle.status('reconnecting');
        if (current.readyState === EVENT_SOURCE_CLOSED) {
          current.close();
          source = undefined;
          void diagnose();
        }
      });
    };

    const load = async () => {
      try {
        const answer = await client.request('/api/leads');
        if (lifecycle.stopped) return;
        if (!answer.ok) {
          const error = client.failure(answer, 'admin');
          if (error.code === 'unavailable') lifecycle.retryLater(() => void load());
          else lifecycle.end(error);
          return;
        }
        lastEventId = answer.headers.get('X-Last-Event-Id') ?? '0';
        lifecycle.snapshot(parseLeads(answer.body));
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

    stopAll() {
      for (const lifecycle of [...open]) lifecycle.stop();
    },
  };
}
