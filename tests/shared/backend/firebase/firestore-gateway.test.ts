/**
 * The thin layer over the Firestore SDK. The Firestore emulator cannot run here, so the SDK's
 * functions are replaced by a small in-memory database that behaves like Firestore for what
 * the layer uses (documents per collection, server time, ordered listeners with their
 * changes, batches, a rule refusing updates of missing documents). The tests assert what is
 * stored and what a listener sees, not how the SDK was called; the contract suite
 * (firestore-contract.test.ts) runs the whole adapter against the real emulator where it can.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Firestore } from '@firebase/firestore';
import {
  firestoreContacts,
  type ContactsSnapshot,
} from '../../../../shared/backend/firebase/firestore-contacts.ts';
import { firebaseErrorCode } from '../../../../shared/backend/firebase/errors.ts';
import { aContactFields } from '../../../fixtures/messages.ts';

type Data = Record<string, unknown>;

const memory = vi.hoisted(() => {
  /** A resolved server time, as the SDK reads it back. */
  class StoredTime {
    readonly millis: number;
    constructor(millis: number) {
      this.millis = millis;
    }
    toMillis() {
      return this.millis;
    }
  }
  const SERVER_TIME = { serverTimestamp: true };
  const collections = new Map<string, Map<string, Record<string, unknown>>>();
  const listeners = new Set<() => void>();
  let clock = 1_767_000_000_000;
  let ids = 0;
  return {
    StoredTime,
    SERVER_TIME,
    collections,
    listeners,
    reset() {
      collections.clear();
      listeners.clear();
      ids = 0;
    },
    newId: () => `doc-${++ids}`,
    documents(path: string) {
      let documents = collections.get(path);
      if (!documents) {
        documents = new Map();
        collections.set(path, documents);
      }
      return documents;
    },
    /** Writes as the server does: the server-time sentinel becomes the time of the write. */
    write(path: string, id: string, data: Record<string, unknown> | null, notify = true) {
      const documents = memory.documents(path);
      if (data === null) documents.delete(id);
      else {
        clock += 1000;
        const stored = Object.fromEntries(
          Object.entries(data).map(([key, value]) => [
            key,
            value === SERVER_TIME ? new StoredTime(clock) : value,
          ]),
        );
        documents.set(id, { ...documents.get(id), ...stored });
      }
      if (notify) memory.notify();
    },
    notify() {
      for (const listener of listeners) listener();
    },
  };
});

vi.mock('@firebase/firestore', () => {
  interface Ref {
    path: string;
    id: string;
  }
  const refused = (code: string) => Object.assign(new Error(code), { code });
  return {
    getFirestore: () => ({}),
    connectFirestoreEmulator: () => undefined,
    collection: (_db: unknown, path: string) => ({ path }),
    doc: (collection: { path: string }, id?: string): Ref => ({
      path: collection.path,
      id: id ?? memory.newId(),
    }),
    serverTimestamp: () => memory.SERVER_TIME,
    addDoc: async (collection: { path: string }, data: Data) => {
      const id = memory.newId();
      memory.write(collection.path, id, data);
      return { id };
    },
    // As the project's rules do: an update of a missing document is refused.
    updateDoc: async (ref: Ref, data: Data) => {
      if (!memory.documents(ref.path).has(ref.id)) throw refused('permission-denied');
      memory.write(ref.path, ref.id, data);
    },
    getDoc: async (ref: Ref) => ({ exists: () => memory.documents(ref.path).has(ref.id) }),
    writeBatch: () => {
      const deletions: Ref[] = [];
      return {
        delete: (ref: Ref) => deletions.push(ref),
        // All at once, as a batch is atomic: listeners see one change.
        commit: async () => {
          for (const ref of deletions) memory.write(ref.path, ref.id, null, false);
          memory.notify();
        },
      };
    },
    orderBy: (field: string, direction: 'asc' | 'desc') => ({ field, direction }),
    query: (collection: { path: string }, order: { field: string; direction: 'asc' | 'desc' }) => ({
      path: collection.path,
      order,
    }),
    onSnapshot: (
      query: { path: string; order: { field: string; direction: 'asc' | 'desc' } },
      _options: unknown,
      next: (snapshot: unknown) => void,
    ) => {
      let previous = new Map<string, Data>();
      const millis = (data: Data) => {
        const value = data[query.order.field];
        return value instanceof memory.StoredTime ? value.millis : 0;
      };
      const emit = () => {
        const documents = [...memory.documents(query.path)]
          .map(([id, data]) => ({ id, data }))
          .sort(
            (a, b) =>
              (millis(a.data) - millis(b.data)) * (query.order.direction === 'desc' ? -1 : 1),
          );
        const snapshotOf = ({ id, data }: { id: string; data: Data }) => ({ id, data: () => data });
        const changes = [
          ...documents
            .filter(({ id, data }) => previous.get(id) !== data)
            .map((document) => ({
              type: previous.has(document.id) ? 'modified' : 'added',
              doc: snapshotOf(document),
            })),
          ...[...previous]
            .filter(([id]) => !memory.documents(query.path).has(id))
            .map(([id, data]) => ({ type: 'removed', doc: snapshotOf({ id, data }) })),
        ];
        previous = new Map(documents.map(({ id, data }) => [id, data]));
        next({
          docs: documents.map(snapshotOf),
          docChanges: () => changes,
          metadata: { fromCache: false },
        });
      };
      memory.listeners.add(emit);
      emit();
      return () => memory.listeners.delete(emit);
    },
  };
});

const db = {} as Firestore;

const TRANSPORTER = aContactFields({
  fullName: 'Transport Oran Sud',
  email: 'contact@transport-oran-sud.dz',
  phone: '661234567',
  subject: 'Logo',
  message: 'Bonjour, il nous faut un logo.',
});

function listen() {
  const snapshots: ContactsSnapshot[] = [];
  const stop = firestoreContacts(db).listenNewestFirst(
    (snapshot) => snapshots.push(snapshot),
    () => undefined,
  );
  const summary = (snapshot: ContactsSnapshot | undefined) => ({
    ids: snapshot?.documents.map((document) => document.id),
    changes: snapshot?.changes.map((change) => [change.type, change.document.id]),
  });
  return { snapshots, stop, latest: () => summary(snapshots.at(-1)) };
}

beforeEach(() => {
  memory.reset();
});

describe('the contacts collection over the Firestore SDK', () => {
  it('stores a message in contacts: the six fields and the server’s time, nothing else', async () => {
    const id = await firestoreContacts(db).add(TRANSPORTER);
    const stored = memory.documents('contacts').get(id);
    expect(stored).toEqual({ ...TRANSPORTER, timestamp: expect.any(memory.StoredTime) });
  });

  it('lists the messages newest first, then hands over each change', async () => {
    const contacts = firestoreContacts(db);
    const older = await contacts.add({ ...TRANSPORTER, subject: 'Plus ancien' });
    const newer = await contacts.add({ ...TRANSPORTER, subject: 'Plus récent' });
    const listener = listen();
    expect(listener.latest()).toEqual({
      ids: [newer, older],
      changes: [
        ['added', newer],
        ['added', older],
      ],
    });

    const newest = await contacts.add({ ...TRANSPORTER, subject: 'Le dernier' });
    expect(listener.latest()).toEqual({
      ids: [newest, newer, older],
      changes: [['added', newest]],
    });
    await contacts.setRead(older, true);
    expect(listener.latest().changes).toEqual([['modified', older]]);
    expect(listener.snapshots.at(-1)?.documents.at(-1)?.data.read).toBe(true);
    await contacts.remove([older, newer]);
    expect(listener.latest()).toEqual({
      ids: [newest],
      changes: [
        ['removed', newer],
        ['removed', older],
      ],
    });

    listener.stop();
    await contacts.add(TRANSPORTER);
    expect(listener.snapshots).toHaveLength(4);
  });

  it('reports a message gone as not-found, though the rules refuse before Firestore can say so', async () => {
    const error = await firestoreContacts(db)
      .setRead('parti', true)
      .catch((e: unknown) => e);
    expect(firebaseErrorCode(error)).toBe('not-found');
  });

  it('deletes more than a batch holds', async () => {
    const contacts = firestoreContacts(db);
    const ids: string[] = [];
    for (let index = 0; index < 501; index += 1) {
      const id = memory.newId();
      memory.documents('contacts').set(id, { ...TRANSPORTER });
      ids.push(id);
    }
    await contacts.remove(ids);
    expect(memory.documents('contacts').size).toBe(0);
  });
});
