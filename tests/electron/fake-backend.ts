/**
 * An in-memory backend (the shared/backend port) the desktop tests drive by hand: one admin
 * account, a list of messages, watches that get the list once and then each change.
 */
import {
  BackendError,
  type Admin,
  type Backend,
  type MessagesObserver,
} from '../../shared/backend/ports.ts';
import type { ContactMessage } from '../../shared/domain/contact.ts';
import type { InboxChange } from '../../shared/domain/inbox.ts';
import { aMessage } from '../fixtures/messages.ts';

export const OWNER = { email: 'proprietaire@agence.test', password: 'mot-de-passe-solide' };

let counter = 0;

export function message(overrides: Partial<ContactMessage> = {}): ContactMessage {
  counter += 1;
  return aMessage({
    id: `m${counter}`,
    fullName: `Client ${counter}`,
    email: `client${counter}@exemple.dz`,
    phone: '550123456',
    subject: `Sujet ${counter}`,
    message: `Bonjour, message ${counter}.\nDeuxième ligne.`,
    receivedAt: 1_767_000_000_000 + counter * 1000,
    ...overrides,
  });
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
  let closed = false;
  const tell = (changes: InboxChange[]) => {
    for (const watcher of watchers) watcher.changes(changes);
  };

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

  const backend: Backend = {
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
          observer.snapshot([...messages]);
          observer.status?.('live');
        });
        return () => watchers.delete(observer);
      },
      async setRead(id, read) {
        if (!messages.some((message) => message.id === id)) throw new BackendError('not-found');
        messages = messages.map((message) => (message.id === id ? { ...message, read } : message));
        const changed = messages.find((message) => message.id === id);
        if (changed) tell([{ type: 'changed', message: changed }]);
      },
      async remove(ids) {
        const gone = messages.filter((message) => ids.includes(message.id));
        messages = messages.filter((message) => !ids.includes(message.id));
        tell(gone.map((message) => ({ type: 'removed', id: message.id })));
      },
    },
    async close() {
      closed = true;
    },
  };

  return {
    backend,
    get watching() {
      return watchers.size;
    },
    get closed() {
      return closed;
    },
    get sessionListeners() {
      return sessionListeners.size;
    },
    /** New messages arrive, oldest first: every watch gets them as changes. */
    deliver(...arrived: ContactMessage[]) {
      messages = [...[...arrived].reverse(), ...messages];
      tell(arrived.map((message) => ({ type: 'added', message })));
    },
    /** The whole list again: a watch that had to start over (Firestore listening anew). */
    redeliver() {
      for (const watcher of watchers) watcher.snapshot([...messages]);
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
