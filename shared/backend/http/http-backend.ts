import {
  contactMessageSchema,
  type ContactFormValues,
  type ContactMessage,
} from '../../domain/contact.ts';
import {
  BackendError,
  type Admin,
  type AdminSession,
  type Backend,
  type MessageStore,
  type MessagesObserver,
  type WatchStatus,
} from '../ports.ts';
import {
  EVENT_SOURCE_CLOSED,
  globalEventSource,
  type EventSourceConstructor,
  type EventSourceLike,
  type MessageEventLike,
} from './event-source.ts';
import { errorFromNetwork, errorFromResponse, type RequestPurpose } from './errors.ts';

export interface HttpBackendOptions {
  /** Origin of the server, e.g. `http://127.0.0.1:3000`; empty (the default) = this site. */
  baseUrl?: string;
  /** A fetch implementation (tests pass one that keeps cookies). */
  fetch?: typeof fetch;
  /** An EventSource class; the global one by default. */
  EventSource?: EventSourceConstructor;
  /** A request with no answer after this long fails with 'network'. */
  requestTimeoutMs?: number;
  /** Wait before reopening a stream the server refused; doubles up to `max`. */
  reconnectDelayMs?: { initial: number; max: number };
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_RECONNECT = { initial: 1000, max: 30_000 };
const BULK_DELETE_CHUNK = 1000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message of the server's, or null for anything that is not one. */
function parseMessage(value: unknown): ContactMessage | null {
  const parsed = contactMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The data of an `updated` or `deleted` event: `{ ids, read? }`. */
function changeOf(event: MessageEventLike): { ids: string[]; read?: boolean } | null {
  let data: unknown;
  try {
    data = typeof event.data === 'string' ? JSON.parse(event.data) : undefined;
  } catch {
    return null;
  }
  if (!isRecord(data) || !Array.isArray(data.ids)) return null;
  const ids = data.ids.filter((id): id is string => typeof id === 'string');
  return typeof data.read === 'boolean' ? { ids, read: data.read } : { ids };
}

function toAdmin(body: unknown): Admin {
  if (isRecord(body) && typeof body.email === 'string') return { email: body.email };
  throw new BackendError('unknown');
}

/**
 * The adapter for `src-server`: plain fetch for requests (the session is an HttpOnly
 * cookie the browser handles) and server-sent events for the realtime inbox.
 *
 * In the browser: `createHttpBackend()` (same origin, global fetch and EventSource).
 */
export function createHttpBackend(options: HttpBackendOptions = {}): Backend {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  // Browsers throw "Illegal invocation" on a fetch detached from its global.
  const fetchImpl: typeof fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const reconnect = options.reconnectDelayMs ?? DEFAULT_RECONNECT;

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetchImpl(`${baseUrl}${path}`, {
        credentials: 'include',
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs),
        ...init,
        headers: { Accept: 'application/json', ...init.headers },
      });
    } catch (cause) {
      throw errorFromNetwork(cause);
    }
  }

  async function fail(response: Response, purpose: RequestPurpose): Promise<never> {
    const error = await errorFromResponse(response, purpose);
    if (error.code === 'unauthorized') setAdmin(null);
    throw error;
  }

  async function readJson(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (cause) {
      throw new BackendError('unknown', { cause });
    }
  }

  // ---- session ------------------------------------------------------------------------

  let known: Admin | null | undefined;
  let pendingCurrent: Promise<Admin | null> | undefined;
  const listeners = new Set<(admin: Admin | null) => void>();
  // The open watches: signing out (or finding the session gone) ends them at once.
  const watchEnds = new Set<(error: BackendError) => void>();

  function setAdmin(admin: Admin | null): void {
    const unchanged = known !== undefined && (known?.email ?? null) === (admin?.email ?? null);
    known = admin;
    if (admin === null) {
      for (const end of [...watchEnds]) end(new BackendError('unauthorized'));
    }
    if (unchanged) return;
    for (const listener of [...listeners]) listener(admin);
  }

  async function fetchCurrent(): Promise<Admin | null> {
    const response = await request('/api/session');
    if (response.status === 401) {
      setAdmin(null);
      return null;
    }
    if (!response.ok) return fail(response, 'admin');
    const admin = toAdmin(await readJson(response));
    setAdmin(admin);
    return admin;
  }

  const session: AdminSession = {
    async signIn(email, password) {
      const response = await request('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) return fail(response, 'sign-in');
      const admin = toAdmin(await readJson(response));
      setAdmin(admin);
      return admin;
    },

    async signOut() {
      const response = await request('/api/session', { method: 'DELETE' });
      if (!response.ok) return fail(response, 'admin');
      setAdmin(null);
    },

    current() {
      pendingCurrent ??= fetchCurrent().finally(() => {
        pendingCurrent = undefined;
      });
      return pendingCurrent;
    },

    onChange(listener) {
      listeners.add(listener);
      if (known !== undefined) {
        const state = known;
        queueMicrotask(() => {
          if (listeners.has(listener)) listener(state);
        });
      } else {
        // The first answer notifies every listener; a failure leaves the state unknown.
        session.current().catch(() => undefined);
      }
      return () => {
        listeners.delete(listener);
      };
    },
  };

  // ---- messages -----------------------------------------------------------------------

  const messages: MessageStore = {
    async send(input: ContactFormValues) {
      const response = await request('/api/contacts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      if (response.status !== 201) return fail(response, 'send');
      const body = await readJson(response);
      if (!isRecord(body) || typeof body.id !== 'string') throw new BackendError('unknown');
      return { id: body.id };
    },

    watch(observer: MessagesObserver) {
      const EventSourceImpl = options.EventSource ?? globalEventSource();
      let stopped = false;
      let source: EventSourceLike | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let failures = 0;
      let lastStatus: WatchStatus | undefined;
      let lastEventId = '0';
      let list: ContactMessage[] = [];
      const ids = new Set<string>();

      const status = (next: WatchStatus) => {
        if (stopped || next === lastStatus) return;
        lastStatus = next;
        observer.status?.(next);
      };

      const stop = () => {
        stopped = true;
        watchEnds.delete(end);
        source?.close();
        source = undefined;
        if (timer !== undefined) clearTimeout(timer);
      };

      function end(error: BackendError) {
        if (stopped) return;
        stop();
        observer.error?.(error);
      }

      const retryLater = (work: () => void) => {
        status('reconnecting');
        const delay = Math.min(reconnect.max, reconnect.initial * 2 ** failures);
        failures += 1;
        timer = setTimeout(() => {
          timer = undefined;
          if (!stopped) work();
        }, delay);
      };

      const onMessage = (event: MessageEventLike) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        let message: ContactMessage | null;
        try {
          message = parseMessage(typeof event.data === 'string' ? JSON.parse(event.data) : null);
        } catch {
          return;
        }
        // A replay after a reconnection may resend what is already here.
        if (!message || ids.has(message.id)) return;
        ids.add(message.id);
        list = [message, ...list];
        observer.next([...list]);
      };

      // Read flag changed, or messages deleted, here or on another dashboard.
      const onChange = (event: MessageEventLike, type: 'updated' | 'deleted') => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        const change = changeOf(event);
        if (!change) return;
        const touched = new Set(change.ids.filter((id) => ids.has(id)));
        if (touched.size === 0) return;
        if (type === 'deleted') {
          for (const id of touched) ids.delete(id);
          list = list.filter((message) => !touched.has(message.id));
        } else {
          const read = change.read === true;
          list = list.map((message) =>
            touched.has(message.id) && message.read !== read ? { ...message, read } : message,
          );
        }
        observer.next([...list]);
      };

      // The stream was refused (not merely cut): ask the server whether we are still signed in.
      const diagnose = async () => {
        try {
          const response = await request('/api/session');
          if (stopped) return;
          if (response.status === 401) {
            setAdmin(null);
            end(new BackendError('unauthorized'));
            return;
          }
        } catch {
          // Unreachable: keep trying.
        }
        retryLater(openStream);
      };

      const openStream = () => {
        if (!EventSourceImpl) {
          end(
            new BackendError('unknown', {
              message: 'ce navigateur ne gère pas les mises à jour en direct.',
            }),
          );
          return;
        }
        const url = `${baseUrl}/api/contacts/events?lastEventId=${encodeURIComponent(lastEventId)}`;
        const current = new EventSourceImpl(url, { withCredentials: true });
        source = current;
        current.addEventListener('open', () => {
          if (source !== current) return;
          failures = 0;
          status('live');
        });
        current.addEventListener('message', (event) => {
          if (source === current) onMessage(event);
        });
        current.addEventListener('updated', (event) => {
          if (source === current) onChange(event, 'updated');
        });
        current.addEventListener('deleted', (event) => {
          if (source === current) onChange(event, 'deleted');
        });
        current.addEventListener('error', () => {
          if (source !== current || stopped) return;
          if (current.readyState === EVENT_SOURCE_CLOSED) {
            current.close();
            source = undefined;
            status('reconnecting');
            void diagnose();
          } else {
            // The EventSource reconnects by itself and sends Last-Event-ID.
            status('reconnecting');
          }
        });
      };

      const loadList = async () => {
        try {
          const response = await request('/api/contacts');
          if (stopped) return;
          if (!response.ok) {
            const error = await errorFromResponse(response, 'admin');
            if (error.code === 'unauthorized') setAdmin(null);
            if (error.code === 'unavailable') retryLater(() => void loadList());
            else end(error);
            return;
          }
          const body = await readJson(response);
          if (stopped) return;
          const received: ContactMessage[] = [];
          for (const item of Array.isArray(body) ? body : []) {
            const message = parseMessage(item);
            if (message) received.push(message);
          }
          lastEventId = response.headers.get('X-Last-Event-Id') ?? '0';
          for (const message of received) ids.add(message.id);
          list = received;
          observer.next([...list]);
          openStream();
        } catch (error) {
          if (stopped) return;
          if (error instanceof BackendError && error.code === 'network') {
            retryLater(() => void loadList());
          } else {
            end(
              error instanceof BackendError ? error : new BackendError('unknown', { cause: error }),
            );
          }
        }
      };

      watchEnds.add(end);
      status('connecting');
      void loadList();
      return stop;
    },

    async setRead(id, read) {
      const response = await request(`/api/contacts/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ read }),
      });
      if (!response.ok) return fail(response, 'admin');
    },

    async remove(ids) {
      const unique = [...new Set(ids)];
      // The server takes up to 1000 ids per request.
      for (let start = 0; start < unique.length; start += BULK_DELETE_CHUNK) {
        const response = await request('/api/contacts/delete', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ids: unique.slice(start, start + BULK_DELETE_CHUNK) }),
        });
        if (!response.ok) return fail(response, 'admin');
      }
    },
  };

  return { messages, session };
}
