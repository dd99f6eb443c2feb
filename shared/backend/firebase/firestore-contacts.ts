import type { FirebaseApp } from '@firebase/app';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
  type QueryDocumentSnapshot,
} from '@firebase/firestore';
import type { ContactFields, FilterSpamReason } from '../../domain/contact.ts';
import { OWNER_SPAM_REASON } from '../../domain/spam-marking.ts';
import { parseHostPort } from './app.ts';
import {
  CONTACTS_COLLECTION,
  MARKED_AT_FIELD,
  SPAM_COLLECTION,
  TIMESTAMP_FIELD,
  documentFields,
  toReceivedAt,
  type ContactDocument,
} from './contact-documents.ts';
import { firebaseErrorCode } from './errors.ts';

/**
 * The SDK boundary of the messages: the `contacts` and `spam` collections as the store
 * (firestore-messages.ts) needs them, documents in and out unchecked (contact-documents.ts
 * maps them). Tests pass a fake ContactsCollection, or run this one on an in-memory SDK
 * (firestore-gateway.test.ts) or on the emulator.
 */

export type { ContactDocument };

/** How a document changed since the listener's previous snapshot. */
export interface DocumentChange {
  type: 'added' | 'modified' | 'removed';
  document: ContactDocument;
}

export interface ContactsSnapshot {
  /** Every document, newest first. */
  documents: ContactDocument[];
  /** What changed since the previous snapshot of this listener (none: only the metadata did). */
  changes: DocumentChange[];
  /** True when the list comes from the local cache, not (yet) from the server. */
  fromCache: boolean;
}

/** What the store needs from Firestore; tests pass a fake. */
export interface ContactsCollection {
  /** Adds a message stamped with the server's time; resolves with its id once stored. */
  add(fields: ContactFields): Promise<string>;
  /** Keeps a message as spam, stamped with the server's time; resolves with its id. */
  addSpam(fields: ContactFields, reason: FilterSpamReason): Promise<string>;
  /**
   * Admin only: the spam kept since after `sinceMs` (received then, or marked then by the
   * owner: spamKeptSince), newest first.
   */
  listSpam(sinceMs: number): Promise<ContactDocument[]>;
  /**
   * Admin only: moves one spam document to `contacts` (same id, its fields but the reason and
   * the marking's time) in one transaction; false when there is no such spam.
   */
  restoreSpam(id: string): Promise<boolean>;
  /**
   * Admin only, « Marquer comme indésirable »: moves one message to `spam` (same id, every
   * field as it was, reason `owner` and the server's time) in one transaction, if `refusal`
   * finds nothing against it (the domain's rule, given the document read in the
   * transaction). 'not-found' when there is no such message; the refusal's sentence.
   */
  markSpam(
    id: string,
    refusal: (document: ContactDocument) => string | null,
  ): Promise<'marked' | 'not-found' | { refusal: string }>;
  /** Admin only: sets the `read` field, the only one the rules let an admin change. */
  setRead(id: string, read: boolean): Promise<void>;
  /** Admin only: deletes these documents, messages or spam. */
  remove(ids: readonly string[]): Promise<void>;
  /** Listens to every message, newest first; `onError` ends the listening. */
  listenNewestFirst(
    onNext: (snapshot: ContactsSnapshot) => void,
    onError: (error: unknown) => void,
  ): () => void;
}

/** The app's Firestore database; `emulatorHost` (`host:port`) points it at the emulator. */
export function startFirestore(app: FirebaseApp, emulatorHost?: string): Firestore {
  const db = getFirestore(app);
  if (emulatorHost) {
    const { host, port } = parseHostPort(emulatorHost);
    connectFirestoreEmulator(db, host, port);
  }
  return db;
}

/** The `contacts` collection of a Firestore database. */
export function firestoreContacts(db: Firestore): ContactsCollection {
  const contacts = collection(db, CONTACTS_COLLECTION);
  const spam = collection(db, SPAM_COLLECTION);
  const documentOf = (fields: ContactFields) => ({
    ...documentFields(fields),
    [TIMESTAMP_FIELD]: serverTimestamp(),
  });
  return {
    async add(fields) {
      const stored = await addDoc(contacts, documentOf(fields));
      return stored.id;
    },

    async addSpam(fields, reason) {
      const stored = await addDoc(spam, { ...documentOf(fields), spamReason: reason });
      return stored.id;
    },

    async listSpam(sinceMs) {
      const since = Timestamp.fromMillis(sinceMs);
      // Received since then, or marked since then by the owner (a message may have waited
      // weeks in the inbox before): two queries, as Firestore has no « or » over two fields
      // with ranges.
      const [received, marked] = await Promise.all([
        getDocs(query(spam, where(TIMESTAMP_FIELD, '>', since), orderBy(TIMESTAMP_FIELD, 'desc'))),
        getDocs(query(spam, where(MARKED_AT_FIELD, '>', since))),
      ]);
      const byId = new Map<string, ContactDocument>();
      for (const document of [...received.docs, ...marked.docs]) {
        byId.set(document.id, { id: document.id, data: document.data() });
      }
      const receivedAt = (document: ContactDocument) =>
        toReceivedAt(document.data[TIMESTAMP_FIELD]) ?? 0;
      return [...byId.values()].sort((a, b) => receivedAt(b) - receivedAt(a));
    },

    markSpam(id, refusal) {
      // The rules let an admin create spam only this way: the message deleted in the same
      // transaction, every field as it was (firestore.rules, isMarkedSpam).
      return runTransaction(db, async (transaction) => {
        const current = await transaction.get(doc(contacts, id));
        if (!current.exists()) return 'not-found' as const;
        const refused = refusal({ id, data: current.data() });
        if (refused !== null) return { refusal: refused };
        transaction.set(doc(spam, id), {
          ...current.data(),
          spamReason: OWNER_SPAM_REASON,
          [MARKED_AT_FIELD]: serverTimestamp(),
        });
        transaction.delete(current.ref);
        return 'marked' as const;
      });
    },

    restoreSpam(id) {
      // The rules let an admin create a message only this way: the spam deleted in the same
      // transaction, every field as it was (firestore.rules, isRestoredSpam).
      return runTransaction(db, async (transaction) => {
        const kept = await transaction.get(doc(spam, id));
        if (!kept.exists()) return false;
        const fields = Object.entries(kept.data()).filter(
          ([key]) => key !== 'spamReason' && key !== MARKED_AT_FIELD,
        );
        transaction.set(doc(contacts, id), Object.fromEntries(fields));
        transaction.delete(kept.ref);
        return true;
      });
    },

    async setRead(id, read) {
      const reference = doc(contacts, id);
      try {
        await updateDoc(reference, { read });
      } catch (error) {
        // The rules refuse an update of a missing document before Firestore can say it is
        // missing: the admin may read, so ask whether it is still there.
        if (firebaseErrorCode(error) === 'permission-denied') {
          const current = await getDoc(reference).catch(() => null);
          if (current && !current.exists()) {
            throw Object.assign(new Error('not-found'), { code: 'not-found' });
          }
        }
        throw error;
      }
    },

    async remove(ids) {
      // A batch holds at most 500 writes: two per id, the message and the spam of that id
      // (deleting a document that is not there is no error).
      for (let start = 0; start < ids.length; start += 250) {
        const batch = writeBatch(db);
        for (const id of ids.slice(start, start + 250)) {
          batch.delete(doc(contacts, id));
          batch.delete(doc(spam, id));
        }
        await batch.commit();
      }
    },

    listenNewestFirst(onNext, onError) {
      return onSnapshot(
        query(contacts, orderBy(TIMESTAMP_FIELD, 'desc')),
        // Metadata changes too: they tell when the list stops coming from the cache.
        { includeMetadataChanges: true },
        (snapshot) => {
          // A server time not yet set reads as null: the dashboard shows « N/A ».
          const read = (document: QueryDocumentSnapshot): ContactDocument => ({
            id: document.id,
            data: document.data(),
          });
          onNext({
            documents: snapshot.docs.map(read),
            changes: snapshot
              .docChanges()
              .map((change) => ({ type: change.type, document: read(change.doc) })),
            fromCache: snapshot.metadata.fromCache,
          });
        },
        onError,
      );
    },
  };
}
