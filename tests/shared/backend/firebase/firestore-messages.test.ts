import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HONEYPOT_FIELD,
  type ContactFields,
  type ContactMessage,
} from '../../../../shared/domain/contact.ts';
import type { InboxChange } from '../../../../shared/domain/inbox.ts';
import { BackendError, type WatchStatus } from '../../../../shared/backend/ports.ts';
import {
  createFirestoreMessageStore,
  type FirestoreMessageStoreOptions,
} from '../../../../shared/backend/firebase/firestore-messages.ts';
import {
  toContactMessage,
  toReceivedAt,
  type ContactDocument,
} from '../../../../shared/backend/firebase/contact-documents.ts';
import type {
  ContactsCollection,
  ContactsSnapshot,
} from '../../../../shared/backend/firebase/firestore-contacts.ts';
import { APP_CHECK_REFUSED } from '../../../../shared/domain/messages.ts';
import type { AppCheckMonitor } from '../../../../shared/backend/firebase/app-check.ts';
import { CONTRACT_MESSAGE } from '../contract.ts';
import { aContactDocument, aContactFields, aMessage } from '../../../fixtures/messages.ts';
import { CONDITION_TIMEOUT_MS } from '../../../wait.ts';

/** A FirestoreError-like failure, as the SDK hands it to callbacks. */
const firestoreFailure = (code: string) => Object.assign(new Error(code), { code });

/** A fake `contacts` collection that records what the store asks of Firestore. */
function fakeContacts() {
  const added: ContactFields[] = [];
  const spam: { fields: ContactFields; reason: string }[] = [];
  const listeners: {
    next: (snapshot: ContactsSnapshot) => void;
    error: (error: unknown) => void;
    stopped: boolean;
  }[] = [];
  let ids = 0;
  const readChanges: { id: string; read: boolean }[] = [];
  const removed: string[][] = [];
  let addResult: () => Promise<string> = async () => `doc-${++ids}`;
  const contacts: ContactsCollection = {
    add: (fields) => {
      added.push(fields);
      return addResult();
    },
    addSpam: async (fields, reason) => {
      spam.push({ fields, reason });
      return `spam-${++ids}`;
    },
    listSpam: async () => [],
    restoreSpam: async (id) => id !== 'absent',
    markSpam: async (id) => (id === 'absent' ? 'not-found' : 'marked'),
    setRead: async (id, read) => {
      if (id === 'absent') throw firestoreFailure('not-found');
      if (id === 'interdit') throw firestoreFailure('permission-denied');
      readChanges.push({ id, read });
    },
    remove: async (toRemove) => {
      removed.push([...toRemove]);
    },
    listenNewestFirst(next, error) {
      const listener = { next, error, stopped: false };
      listeners.push(listener);
      return () => {
        listener.stopped = true;
      };
    },
  };
  return {
    contacts,
    added,
    spam,
    listeners,
    readChanges,
    removed,
    latest: () => listeners.at(-1),
    failAdds(result: () => Promise<string>) {
      addResult = result;
    },
  };
}

/** A Firestore Timestamp as the SDK hands it over (the parts the mapping may touch). */
const timestampAt = (millis: number) => ({
  seconds: Math.floor(millis / 1000),
  nanoseconds: (millis % 1000) * 1e6,
  toMillis: () => millis,
});

/** The fields of the stored documents below (a phone stored before E.164, as some were). */
const TRANSPORTER = {
  fullName: 'Transport Oran Sud',
  service: 'Développement',
  email: 'contact@transport-oran-sud.dz',
  phone: '661234567',
  subject: 'Application mobile',
  message: 'Bonjour, nous aimerions une application.',
} as const;

function stored(id: string, millis: number | null, extra: Record<string, unknown> = {}) {
  return {
    id,
    data: aContactDocument({
      ...TRANSPORTER,
      timestamp: millis === null ? null : timestampAt(millis),
      ...extra,
    }),
  } satisfies ContactDocument;
}

function snapshot(
  documents: ContactDocument[],
  fromCache = false,
  changes: ContactsSnapshot['changes'] = [],
) {
  return { documents, changes, fromCache } satisfies ContactsSnapshot;
}

function watching(store: ReturnType<typeof createFirestoreMessageStore>) {
  const lists: ContactMessage[][] = [];
  const changes: InboxChange[][] = [];
  const statuses: WatchStatus[] = [];
  const errors: BackendError[] = [];
  const stop = store.watch({
    snapshot: (messages) => lists.push(messages),
    changes: (batch) => changes.push(batch),
    status: (status) => statuses.push(status),
    error: (error) => errors.push(error),
  });
  return { lists, changes, statuses, errors, stop };
}

const failingAppCheck: AppCheckMonitor = { failing: () => Promise.resolve(true) };

function storeWith(options: FirestoreMessageStoreOptions = {}) {
  const fake = fakeContacts();
  return { ...fake, store: createFirestoreMessageStore(fake.contacts, options) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sending', () => {
  it('stores exactly the six fields and the language, validated and normalised by the shared schema', async () => {
    const { store, added } = storeWith();
    const result = await store.send({
      ...CONTRACT_MESSAGE,
      fullName: '  Transport Oran Sud  ',
      [HONEYPOT_FIELD]: '',
    });
    expect(result).toEqual({ id: 'doc-1' });
    expect(added).toEqual([
      aContactFields({
        ...CONTRACT_MESSAGE, // its name trimmed
        phone: '+213661234567', // typed « 0661234567 »
        language: 'fr', // sent without one: French
      }),
    ]);
  });

  it('stores the language of the page the message was sent from', async () => {
    const { store, added } = storeWith();
    await store.send({ ...CONTRACT_MESSAGE, language: 'ar' });
    expect(added.map((fields) => fields.language)).toEqual(['ar']);
  });

  it('keeps a message whose hidden field is filled as spam, with its reason, not in contacts', async () => {
    const { store, added, spam } = storeWith();
    const result = await store.send({
      ...CONTRACT_MESSAGE,
      [HONEYPOT_FIELD]: 'http://spam.example',
    });
    expect(result.id).toMatch(/^spam-/);
    expect(added).toEqual([]);
    expect(spam).toEqual([
      {
        fields: expect.objectContaining({ subject: 'Application mobile', phone: '+213661234567' }),
        reason: 'hidden-field',
      },
    ]);
    expect(spam[0]?.fields).not.toHaveProperty(HONEYPOT_FIELD);
  });

  it('says « not-found » when the spam to move is gone', async () => {
    const { store } = storeWith();
    await expect(store.restoreSpam?.('absent')).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.restoreSpam?.('s1')).resolves.toBeUndefined();
  });

  it("rejects invalid input with 'invalid-input' and French field messages, storing nothing", async () => {
    const { store, added } = storeWith();
    const error = await store
      .send({ ...CONTRACT_MESSAGE, email: 'pas-une-adresse', phone: '06 61' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({
      code: 'invalid-input',
      fields: {
        email: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.com.',
        phone:
          'Saisissez un numéro de téléphone valide, par exemple 0550 12 34 56, ou +33 6 12 34 56 78 depuis l’étranger.',
      },
    });
    expect(added).toEqual([]);
  });

  it.each([
    ['permission-denied', 'refused'],
    ['unavailable', 'unavailable'],
    ['resource-exhausted', 'rate-limited'],
    ['deadline-exceeded', 'network'],
    ['invalid-argument', 'invalid-input'],
    ['data-loss', 'unknown'],
  ])('maps a Firestore %s on send to %s', async (firestoreCode, code) => {
    const { store, failAdds } = storeWith();
    failAdds(() => Promise.reject(firestoreFailure(firestoreCode)));
    await expect(store.send(CONTRACT_MESSAGE)).rejects.toMatchObject({ code });
  });

  it('says so in French when App Check is what Firestore refused', async () => {
    const { store, failAdds } = storeWith({ appCheck: failingAppCheck });
    failAdds(() => Promise.reject(firestoreFailure('permission-denied')));
    await expect(store.send(CONTRACT_MESSAGE)).rejects.toMatchObject({
      code: 'refused',
      message: APP_CHECK_REFUSED,
    });
  });

  it("fails with 'network' when Firestore does not confirm in time (offline)", async () => {
    vi.useFakeTimers();
    const { store, failAdds } = storeWith({ sendTimeoutMs: 1000 });
    failAdds(() => new Promise(() => undefined));
    const sent = store.send(CONTRACT_MESSAGE).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await sent).toMatchObject({ code: 'network' });
  });
});

describe('mapping stored documents', () => {
  it('turns a Firestore Timestamp into milliseconds since 1970', () => {
    expect(toReceivedAt(timestampAt(1_700_000_000_042))).toBe(1_700_000_000_042);
  });

  it('gives null for a server timestamp still pending, or a missing or odd one', () => {
    expect(toReceivedAt(null)).toBeNull();
    expect(toReceivedAt(undefined)).toBeNull();
    expect(toReceivedAt('2024-03-01')).toBeNull();
    expect(toReceivedAt({ seconds: 1, nanoseconds: 0 })).toBeNull();
    expect(toReceivedAt({ toMillis: () => Number.NaN })).toBeNull();
  });

  it('keeps the six fields and the id', () => {
    expect(toContactMessage(stored('a', 1_700_000_000_000))).toEqual(
      aMessage({
        id: 'a',
        ...TRANSPORTER,
        language: 'fr', // stored before the language was recorded
        receivedAt: 1_700_000_000_000,
        read: false,
      }),
    );
  });

  it('reads the language: Arabic or French as stored, French when absent, not a message when unknown', () => {
    expect(toContactMessage(stored('a', 1, { language: 'ar' }))?.language).toBe('ar');
    expect(toContactMessage(stored('a', 1, { language: 'fr' }))?.language).toBe('fr');
    expect(toContactMessage(stored('a', 1))?.language).toBe('fr');
    expect(toContactMessage(stored('a', 1, { language: 'en' }))).toBeNull();
  });

  it('reads the read flag: absent (as the public creates it) or anything but true is unread', () => {
    expect(toContactMessage(stored('a', 1, { read: true }))?.read).toBe(true);
    expect(toContactMessage(stored('a', 1, { read: false }))?.read).toBe(false);
    expect(toContactMessage(stored('a', 1, { read: 'true' }))?.read).toBe(false);
  });

  it('reads a phone stored as a number, as the original site did', () => {
    expect(toContactMessage(stored('a', 1, { phone: 661234567 }))?.phone).toBe('661234567');
  });

  it('drops a document that is not a contact message', () => {
    expect(toContactMessage(stored('a', 1, { service: 'Plomberie' }))).toBeNull();
    expect(toContactMessage(stored('a', 1, { fullName: undefined }))).toBeNull();
  });
});

describe('watching', () => {
  it('delivers the list in the order Firestore gives it, with converted timestamps', () => {
    const { store, latest } = storeWith();
    const watch = watching(store);
    latest()?.next(snapshot([stored('new', 200), stored('pending', null), stored('old', 100)]));
    expect(watch.lists).toHaveLength(1);
    expect(watch.lists[0]?.map((message) => [message.id, message.receivedAt])).toEqual([
      ['new', 200],
      ['pending', null],
      ['old', 100],
    ]);
    watch.stop();
  });

  it('then hands over only what changed: added, modified (as changed), removed', () => {
    const { store, latest } = storeWith();
    const watch = watching(store);
    latest()?.next(snapshot([stored('old', 100)]));
    const added = stored('new', null);
    latest()?.next(
      snapshot([added, stored('old', 100)], false, [{ type: 'added', document: added }]),
    );
    const confirmed = stored('new', 200);
    const read = stored('old', 100, { read: true });
    latest()?.next(
      snapshot([confirmed, read], false, [
        { type: 'modified', document: confirmed },
        { type: 'modified', document: read },
      ]),
    );
    latest()?.next(snapshot([confirmed], false, [{ type: 'removed', document: read }]));
    expect(watch.lists).toHaveLength(1);
    expect(watch.changes).toEqual([
      [{ type: 'added', message: expect.objectContaining({ id: 'new', receivedAt: null }) }],
      [
        { type: 'changed', message: expect.objectContaining({ id: 'new', receivedAt: 200 }) },
        { type: 'changed', message: expect.objectContaining({ id: 'old', read: true }) },
      ],
      [{ type: 'removed', id: 'old' }],
    ]);
    watch.stop();
  });

  it('leaves out a document that is no message, and drops one rewritten into something else', () => {
    const { store, latest } = storeWith();
    const watch = watching(store);
    latest()?.next(snapshot([stored('a', 1), stored('odd', 2, { service: 'Plomberie' })]));
    expect(watch.lists[0]?.map((message) => message.id)).toEqual(['a']);
    const broken = stored('a', 1, { fullName: 42 });
    const junk = stored('junk', 3, { email: null });
    latest()?.next(
      snapshot([broken, junk], false, [
        { type: 'modified', document: broken },
        { type: 'added', document: junk },
      ]),
    );
    expect(watch.changes).toEqual([[{ type: 'removed', id: 'a' }]]);
    watch.stop();
  });

  it('starts over with the whole list when it listens again after an outage', async () => {
    vi.useFakeTimers();
    const { store, latest } = storeWith({ retryDelayMs: { initial: 100, max: 100 } });
    const watch = watching(store);
    latest()?.next(snapshot([stored('a', 1)]));
    latest()?.error(firestoreFailure('unavailable'));
    await vi.advanceTimersByTimeAsync(100);
    latest()?.next(snapshot([stored('b', 2), stored('a', 1)]));
    expect(watch.lists.map((list) => list.map((message) => message.id))).toEqual([
      ['a'],
      ['b', 'a'],
    ]);
    expect(watch.changes).toEqual([]);
    watch.stop();
  });

  it('reports connecting, then live once the list comes from the server', () => {
    const { store, latest } = storeWith();
    const watch = watching(store);
    expect(watch.statuses).toEqual(['connecting']);
    latest()?.next(snapshot([stored('a', 1)], true));
    expect(watch.statuses).toEqual(['connecting']);
    latest()?.next(snapshot([stored('a', 1)], false));
    expect(watch.statuses).toEqual(['connecting', 'live']);
    // The cached list was already delivered: a metadata-only change delivers nothing new.
    expect(watch.lists).toHaveLength(1);
    expect(watch.changes).toEqual([]);
    watch.stop();
  });

  it('reports reconnecting when the list falls back to the cache after being live', () => {
    const { store, latest } = storeWith();
    const watch = watching(store);
    latest()?.next(snapshot([], false));
    latest()?.next(snapshot([], true));
    latest()?.next(snapshot([], false));
    expect(watch.statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    watch.stop();
  });

  it("ends with 'unauthorized' when the rules refuse the reading, delivering nothing", async () => {
    const { store, latest } = storeWith();
    const watch = watching(store);
    latest()?.error(firestoreFailure('permission-denied'));
    await vi.waitFor(() => expect(watch.errors).toHaveLength(1), { timeout: CONDITION_TIMEOUT_MS });
    expect(watch.errors[0]?.code).toBe('unauthorized');
    expect(watch.lists).toEqual([]);
  });

  it("ends with 'refused' and the App Check message when App Check is failing", async () => {
    const { store, latest } = storeWith({ appCheck: failingAppCheck });
    const watch = watching(store);
    latest()?.error(firestoreFailure('permission-denied'));
    await vi.waitFor(() => expect(watch.errors).toHaveLength(1), { timeout: CONDITION_TIMEOUT_MS });
    expect(watch.errors[0]).toMatchObject({ code: 'refused', message: APP_CHECK_REFUSED });
  });

  it('listens again, later and later, after Firestore was unavailable', async () => {
    vi.useFakeTimers();
    const { store, listeners, latest } = storeWith({ retryDelayMs: { initial: 100, max: 150 } });
    const watch = watching(store);
    latest()?.next(snapshot([], false));
    latest()?.error(firestoreFailure('unavailable'));
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(100);
    expect(listeners).toHaveLength(2);
    latest()?.error(firestoreFailure('unavailable'));
    await vi.advanceTimersByTimeAsync(149);
    expect(listeners).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(listeners).toHaveLength(3);
    latest()?.next(snapshot([stored('a', 1)], false));
    expect(watch.statuses.at(-1)).toBe('live');
    expect(watch.errors).toEqual([]);
    watch.stop();
  });

  it("ends with 'unauthorized' as soon as the admin's session ends", () => {
    const ends = new Set<() => void>();
    const { store, latest } = storeWith({
      onSessionEnd: (callback) => {
        ends.add(callback);
        return () => ends.delete(callback);
      },
    });
    const watch = watching(store);
    latest()?.next(snapshot([], false));
    for (const end of ends) end();
    expect(watch.errors.map((error) => error.code)).toEqual(['unauthorized']);
    expect(latest()?.stopped).toBe(true);
    expect(ends.size).toBe(0);
  });

  it('stops listening once unsubscribed, and delivers nothing after', () => {
    const { store, latest } = storeWith();
    const watch = watching(store);
    const listener = latest();
    watch.stop();
    expect(listener?.stopped).toBe(true);
    listener?.next(snapshot([stored('a', 1)], false));
    expect(watch.lists).toEqual([]);
  });
});

describe("the owner's operations", () => {
  it('sets the read flag and deletes through the collection, each id once', async () => {
    const fake = fakeContacts();
    const store = createFirestoreMessageStore(fake.contacts);
    await store.setRead('doc-1', true);
    await store.setRead('doc-1', false);
    await store.remove(['doc-1', 'doc-2', 'doc-1']);
    await store.remove([]);
    expect(fake.readChanges).toEqual([
      { id: 'doc-1', read: true },
      { id: 'doc-1', read: false },
    ]);
    expect(fake.removed).toEqual([['doc-1', 'doc-2']]);
  });

  it("maps Firestore's refusals: a missing document, and rules that say no", async () => {
    const store = createFirestoreMessageStore(fakeContacts().contacts);
    await expect(store.setRead('absent', true)).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.setRead('interdit', true)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
