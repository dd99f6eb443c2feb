/**
 * An in-memory backend (the shared/backend port) the desktop tests drive by hand: one admin
 * account, a list of messages, watches that get the full list on every change.
 */
import {
  BackendError,
  type Admin,
  type Backend,
  type MessagesObserver,
} from '../../shared/backend/ports.ts';
import type { ContactMessage } from '../../shared/domain/contact.ts';

export const OWNER = { email: 'proprietaire@agence.test', password: 'mot-de-passe-solide' };

let counter = 0;

export function message(overrides: Partial<ContactMessage> = {}): ContactMessage {
  counter += 1;
  return {
    id: `m${counter}`,
    fullName: `Client ${counter}`,
    service: 'Design',
    email: `client${counter}@exemple.dz`,
    phone: '550123456',
    subject: `Sujet ${counter}`,
    message: `Bonjour, message ${counter}.\nDeuxième ligne.`,
    receivedAt: 1_767_000_000_000 + counter * 1000,
    read: false,
    ...overrides,
  };
}

/** Lets pending promise callbacks (the backend's microtasks) run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function createFakeBackend(
  options: { signedIn?: boolean; messages?: ContactMessage[] } = {},
) {
  let admin: Admin | null = options.signedIn ? { email: OWNER.email } : null;
  let messages: ContactMessage[] = [...(options.messages ?? [])];
  const sessionListeners = new Set<(admin: Admin | null) => void>();
  const watchers = new Set<MessagesObserver>();
  let disposed = false;

  const setAdmin = (next: Admin | null) => {
    admin = next;
    if (!next) {
      for (const watcher of [...watchers]) {
        watchers.delete(watcher);
        watcher.error?.(new BackendError('unauthorized'));
      }
    }
    for (const listener of [...sessionListeners]) listener(admin);
  };

  const backend: Backend & { dispose(): Promise<void> } = {
    session: {
      async signIn(email, password) {
        if (email !== OWNER.email || password !== OWNER.password) {
          throw new BackendError('invalid-credentials');
        }
        setAdmin({ email });
        return { email };
      },
      async signOut() {
        setAdmin(null);
      },
      async current() {
        return admin;
      },
      onChange(listener) {
        sessionListeners.add(listener);
        queueMicrotask(() => {
          if (sessionListeners.has(listener)) listener(admin);
        });
        return () => sessionListeners.delete(listener);
      },
    },
    messages: {
      async send() {
        return { id: 'nouveau' };
      },
      watch(observer) {
        if (!admin) {
          queueMicrotask(() => observer.error?.(new BackendError('unauthorized')));
          return () => undefined;
        }
        watchers.add(observer);
        observer.status?.('connecting');
        queueMicrotask(() => {
          if (!watchers.has(observer)) return;
          observer.next([...messages]);
          observer.status?.('live');
        });
        return () => watchers.delete(observer);
      },
      async setRead(id, read) {
        if (!messages.some((message) => message.id === id)) throw new BackendError('not-found');
        messages = messages.map((message) => (message.id === id ? { ...message, read } : message));
        for (const watcher of watchers) watcher.next([...messages]);
      },
      async remove(ids) {
        const gone = new Set(ids);
        messages = messages.filter((message) => !gone.has(message.id));
        for (const watcher of watchers) watcher.next([...messages]);
      },
    },
    async dispose() {
      disposed = true;
    },
  };

  return {
    backend,
    get watching() {
      return watchers.size;
    },
    get disposed() {
      return disposed;
    },
    get sessionListeners() {
      return sessionListeners.size;
    },
    /** A new message arrives: every watch gets the new full list, newest first. */
    deliver(...arrived: ContactMessage[]) {
      messages = [...[...arrived].reverse(), ...messages];
      for (const watcher of watchers) watcher.next([...messages]);
    },
    /** The same list again (what a replay after a reconnection may look like). */
    redeliver() {
      for (const watcher of watchers) watcher.next([...messages]);
    },
    /** A failure that ends the watches. */
    fail(code: 'unknown' | 'refused') {
      for (const watcher of [...watchers]) {
        watchers.delete(watcher);
        watcher.error?.(new BackendError(code));
      }
    },
    /** The session ends on the server side. */
    expire() {
      setAdmin(null);
    },
    status(status: 'live' | 'reconnecting') {
      for (const watcher of watchers) watcher.status?.(status);
    },
  };
}

export type FakeBackend = ReturnType<typeof createFakeBackend>;
