/**
 * The thin layer over the Firestore SDK, with the SDK's functions replaced by fakes: which
 * collection, which query, which payload, which snapshot options.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Firestore } from 'firebase/firestore';
import {
  CONTACTS_COLLECTION,
  firestoreContacts,
} from '../../../../shared/backend/firebase/firestore-messages.ts';

const sdk = vi.hoisted(() => ({
  calls: [] as unknown[][],
  snapshotCallbacks: [] as { next: (snapshot: unknown) => void; error: (e: unknown) => void }[],
}));

vi.mock('firebase/firestore', () => {
  const record =
    (name: string, result: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      sdk.calls.push([name, ...args]);
      return result(...args);
    };
  return {
    collection: record('collection', (_db, path) => ({ kind: 'collection', path })),
    doc: record('doc', () => ({ id: 'generated-id' })),
    addDoc: record('addDoc', () => Promise.resolve({ id: 'stored-id' })),
    serverTimestamp: record('serverTimestamp', () => ({ kind: 'serverTimestamp' })),
    orderBy: record('orderBy', (field, direction) => ({ kind: 'orderBy', field, direction })),
    query: record('query', (source, ...constraints) => ({ kind: 'query', source, constraints })),
    onSnapshot: record('onSnapshot', (_query, _options, next, error) => {
      sdk.snapshotCallbacks.push({
        next: next as (snapshot: unknown) => void,
        error: error as (e: unknown) => void,
      });
      return () => undefined;
    }),
    getFirestore: record('getFirestore', () => ({})),
    connectFirestoreEmulator: record('connectFirestoreEmulator', () => undefined),
  };
});

const db = { fake: 'firestore' } as unknown as Firestore;

function callsTo(name: string) {
  return sdk.calls.filter(([called]) => called === name).map(([, ...args]) => args);
}

beforeEach(() => {
  sdk.calls.length = 0;
  sdk.snapshotCallbacks.length = 0;
});

describe('the contacts collection over the Firestore SDK', () => {
  it('uses the collection named contacts', () => {
    firestoreContacts(db);
    expect(CONTACTS_COLLECTION).toBe('contacts');
    expect(callsTo('collection')).toEqual([[db, 'contacts']]);
  });

  it('adds the six fields with timestamp: serverTimestamp(), nothing else', async () => {
    const contacts = firestoreContacts(db);
    const id = await contacts.add({
      fullName: 'Karim Haddad',
      service: 'Design',
      email: 'karim@example.com',
      phone: '661234567',
      subject: 'Logo',
      message: 'Bonjour, il nous faut un logo.',
    });
    expect(id).toBe('stored-id');
    expect(callsTo('addDoc')).toEqual([
      [
        { kind: 'collection', path: 'contacts' },
        {
          fullName: 'Karim Haddad',
          service: 'Design',
          email: 'karim@example.com',
          phone: '661234567',
          subject: 'Logo',
          message: 'Bonjour, il nous faut un logo.',
          timestamp: { kind: 'serverTimestamp' },
        },
      ],
    ]);
  });

  it('makes up an id without writing (for the honeypot)', () => {
    expect(firestoreContacts(db).newId()).toBe('generated-id');
    expect(callsTo('addDoc')).toEqual([]);
  });

  it('listens to contacts ordered by timestamp, newest first, metadata changes included', () => {
    firestoreContacts(db).listenNewestFirst(
      () => undefined,
      () => undefined,
    );
    expect(callsTo('orderBy')).toEqual([['timestamp', 'desc']]);
    const [listened] = callsTo('onSnapshot');
    expect(listened?.[0]).toEqual({
      kind: 'query',
      source: { kind: 'collection', path: 'contacts' },
      constraints: [{ kind: 'orderBy', field: 'timestamp', direction: 'desc' }],
    });
    expect(listened?.[1]).toEqual({ includeMetadataChanges: true });
  });

  it('reads documents with pending timestamps as null, and passes the metadata on', () => {
    const received: unknown[] = [];
    firestoreContacts(db).listenNewestFirst(
      (snapshot) => received.push(snapshot),
      () => undefined,
    );
    const data = vi.fn(() => ({ subject: 'Logo' }));
    sdk.snapshotCallbacks[0]?.next({
      docs: [{ id: 'm1', data }],
      metadata: { fromCache: true, hasPendingWrites: true },
      docChanges: () => [],
    });
    expect(data).toHaveBeenCalledWith();
    expect(received).toEqual([
      { documents: [{ id: 'm1', data: { subject: 'Logo' } }], fromCache: true, changed: false },
    ]);
  });
});
