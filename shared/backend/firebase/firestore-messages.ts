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
import {
  HONEYPOT_FIELD,
  SPAM_RETENTION_MS,
  contactInputSchema,
  contactMessageSchema,
  spamMessageSchema,
  spamReasonOf,
  type ContactFields,
  type ContactFormValues,
  type ContactMessage,
  type SpamMessage,
  type SpamReason,
} from '../../domain/contact.ts';
import { fieldErrors } from '../../domain/field-errors.ts';
import type { InboxChange } from '../../domain/inbox.ts';
import { BackendError, type MessageStore, type MessagesObserver } from '../ports.ts';
import {
  createWatchLifecycle,
  DEFAULT_RETRY_DELAYS,
  type RetryDelays,
  type WatchLifecycle,
} from '../watch-lifecycle.ts';
import { parseHostPort } from './app.ts';
import { NO_APP_CHECK, type AppCheckMonitor } from './app-check.ts';
import { firebaseErrorCode, firestoreError, type FirestorePurpose } from './errors.ts';

/** The Firestore collection of contact messages, named as the original site named it. */
export const CONTACTS_COLLECTION = 'contacts';

/**
 * The messages kept as spam (« Indésirables »): the same fields as a message and
 * `spamReason`, in a collection of their own so that the inbox's listener never reads them
 * (Firestore cannot query « field absent »); « Pas un indésirable » moves one to `contacts`,
 * where the Cloud Function's trigger notifies the owner as of a new message.
 */
export const SPAM_COLLECTION = 'spam';

// ---- the SDK boundary ---------------------------------------------------------------------

/** A stored document as Firestore hands it over: fields not yet checked. */
export interface ContactDocument {
  id: string;
  data: Record<string, unknown>;
}

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
  addSpam(fields: ContactFields, reason: SpamReason): Promise<string>;
  /** Admin only: the spam received after `sinceMs`, newest first. */
  listSpam(sinceMs: number): Promise<ContactDocument[]>;
  /**
   * Admin only: moves one spam document to `contacts` (same id, its fields but the reason)
   * in one transaction; false when there is no such spam.
   */
  restoreSpam(id: string): Promise<boolean>;
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
    fullName: fields.fullName,
    service: fields.service,
    email: fields.email,
    phone: fields.phone,
    subject: fields.subject,
    message: fields.message,
    language: fields.language,
    timestamp: serverTimestamp(),
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
      const found = await getDocs(
        query(
          spam,
          where('timestamp', '>', Timestamp.fromMillis(sinceMs)),
          orderBy('timestamp', 'desc'),
        ),
      );
      return found.docs.map((document) => ({ id: document.id, data: document.data() }));
    },

    restoreSpam(id) {
      // The rules let an admin create a message only this way: the spam deleted in the same
      // transaction, every field as it was (firestore.rules, isRestoredSpam).
      return runTransaction(db, async (transaction) => {
        const kept = await transaction.get(doc(spam, id));
        if (!kept.exists()) return false;
        const fields = Object.entries(kept.data()).filter(([key]) => key !== 'spamReason');
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
        query(contacts, orderBy('timestamp', 'desc')),
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

// ---- mapping ------------------------------------------------------------------------------

/**
 * A Firestore Timestamp as milliseconds since 1970, or null for a server time still pending
 * (or anything that is not a timestamp).
 */
export function toReceivedAt(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || !('toMillis' in value)) return null;
  const { toMillis } = value;
  if (typeof toMillis !== 'function') return null;
  const millis: unknown = toMillis.call(value);
  return typeof millis === 'number' && Number.isFinite(millis) ? millis : null;
}

function text(value: unknown): unknown {
  // The original site stored the phone as a number.
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
}

/**
 * A stored document as a ContactMessage, or null for a document that is not one (the rules
 * only let well-formed messages in; this guards against documents written by other means).
 */
export function toContactMessage({ id, data }: ContactDocument): ContactMessage | null {
  const parsed = contactMessageSchema.safeParse({
    id,
    fullName: data.fullName,
    service: data.service,
    email: data.email,
    phone: text(data.phone),
    subject: data.subject,
    message: data.message,
    // Absent on the messages sent before the language was recorded: French.
    language: data.language,
    receivedAt: toReceivedAt(data.timestamp),
    // A new document has no `read` field (the public creates it without one): unread.
    read: data.read === true,
  });
  return parsed.success ? parsed.data : null;
}

/** A spam document as a SpamMessage, or null for a document that is not one. */
export function toSpamMessage(document: ContactDocument): SpamMessage | null {
  const message = toContactMessage(document);
  const parsed = spamMessageSchema.safeParse({ ...message, spamReason: document.data.spamReason });
  return message && parsed.success ? parsed.data : null;
}

// ---- the store ----------------------------------------------------------------------------

export interface FirestoreMessageStoreOptions {
  /** Tells whether App Check is what Firestore refused. */
  appCheck?: AppCheckMonitor;
  /**
   * Registers a callback for when the admin's session ends (sign-out, lost claim); returns
   * the function that unregisters it. Open watches then end with 'unauthorized' at once,
   * without waiting for Firestore to notice.
   */
  onSessionEnd?: (callback: () => void) => () => void;
  /**
   * A send that Firestore has not confirmed after this long fails with 'network' (offline,
   * Firestore would otherwise wait for the connection and keep the visitor waiting).
   */
  sendTimeoutMs?: number;
  /** Wait before listening again after Firestore was unavailable; doubles up to `max`. */
  retryDelayMs?: RetryDelays;
}

const DEFAULT_SEND_TIMEOUT_MS = 20_000;

function isRefusal(error: unknown): boolean {
  const code = firebaseErrorCode(error);
  return code === 'permission-denied' || code === 'unauthenticated';
}

/** Firestore's document changes as the port's; a document that is no message is left out. */
function toInboxChanges(changes: readonly DocumentChange[]): InboxChange[] {
  const inboxChanges: InboxChange[] = [];
  for (const { type, document } of changes) {
    if (type === 'removed') {
      inboxChanges.push({ type: 'removed', id: document.id });
      continue;
    }
    const message = toContactMessage(document);
    if (message) inboxChanges.push({ type: type === 'added' ? 'added' : 'changed', message });
    // A message rewritten into something else (by other means than the site) leaves the list.
    else if (type === 'modified') inboxChanges.push({ type: 'removed', id: document.id });
  }
  return inboxChanges;
}

export interface FirestoreMessageStore extends MessageStore {
  /** Stops every open watch quietly (the backend is closing). */
  stopAll(): void;
}

/**
 * The MessageStore port over Firestore: the same schema as the server checks what is sent
 * (the rules check it again), and the dashboard gets the same snapshot and changes as from
 * the local backend.
 */
export function createFirestoreMessageStore(
  contacts: ContactsCollection,
  options: FirestoreMessageStoreOptions = {},
): FirestoreMessageStore {
  const appCheck = options.appCheck ?? NO_APP_CHECK;
  const sendTimeoutMs = options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  const open = new Set<WatchLifecycle>();

  async function mapFailure(error: unknown, purpose: FirestorePurpose): Promise<BackendError> {
    const appCheckFailed = isRefusal(error) ? await appCheck.failing() : false;
    return firestoreError(error, purpose, appCheckFailed);
  }

  return {
    async send(input: ContactFormValues) {
      const parsed = contactInputSchema.safeParse(input);
      if (!parsed.success) {
        throw new BackendError('invalid-input', { fields: fieldErrors(parsed.error.issues) });
      }
      const { [HONEYPOT_FIELD]: hiddenField, ...fields } = parsed.data;
      // The hidden field filled (a robot, or a browser's autofill): kept as spam, the same answer.
      const reason = spamReasonOf(hiddenField);

      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new BackendError('network')), sendTimeoutMs);
      });
      try {
        const stored = reason === null ? contacts.add(fields) : contacts.addSpam(fields, reason);
        const id = await Promise.race([stored, timeout]);
        return { id };
      } catch (error) {
        throw await mapFailure(error, 'send');
      } finally {
        clearTimeout(timer);
      }
    },

    watch(observer: MessagesObserver) {
      const lifecycle = createWatchLifecycle(
        observer,
        options.retryDelayMs ?? DEFAULT_RETRY_DELAYS,
      );
      let live = false;
      open.add(lifecycle);
      lifecycle.onStop(() => open.delete(lifecycle));
      if (options.onSessionEnd) {
        // Firestore would notice too, but later: end at once.
        lifecycle.onStop(
          options.onSessionEnd(() => lifecycle.end(new BackendError('unauthorized'))),
        );
      }

      const listen = () => {
        // Each listener starts with the whole list; only its later snapshots are changes.
        let delivered = false;
        const unsubscribe = contacts.listenNewestFirst(
          (snapshot) => {
            if (lifecycle.stopped) return;
            if (!delivered) {
              delivered = true;
              const messages: ContactMessage[] = [];
              for (const document of snapshot.documents) {
                const message = toContactMessage(document);
                if (message) messages.push(message);
              }
              lifecycle.snapshot(messages);
            } else {
              lifecycle.changes(toInboxChanges(snapshot.changes));
            }
            if (!snapshot.fromCache) {
              live = true;
              lifecycle.recovered();
              lifecycle.status('live');
            } else if (live) {
              // Back to the cache after having been live: the connection was lost.
              lifecycle.status('reconnecting');
            }
          },
          (error) => {
            void mapFailure(error, 'watch').then((mapped) => {
              if (mapped.code !== 'unavailable' && mapped.code !== 'network') {
                lifecycle.end(mapped);
                return;
              }
              // Firestore gave up on this listener: listen again a little later.
              lifecycle.retryLater(listen, live ? 'reconnecting' : 'connecting');
            });
          },
        );
        lifecycle.onStop(unsubscribe);
      };

      lifecycle.status('connecting');
      listen();
      return lifecycle.stop;
    },

    async setRead(id, read) {
      try {
        await contacts.setRead(id, read);
      } catch (error) {
        throw await mapFailure(error, 'admin');
      }
    },

    async remove(ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return;
      try {
        await contacts.remove(unique);
      } catch (error) {
        throw await mapFailure(error, 'admin');
      }
    },

    async listSpam() {
      try {
        const documents = await contacts.listSpam(Date.now() - SPAM_RETENTION_MS);
        return documents.flatMap((document) => toSpamMessage(document) ?? []);
      } catch (error) {
        throw await mapFailure(error, 'admin');
      }
    },

    async restoreSpam(id) {
      let moved: boolean;
      try {
        moved = await contacts.restoreSpam(id);
      } catch (error) {
        throw await mapFailure(error, 'admin');
      }
      if (!moved) throw new BackendError('not-found');
    },

    stopAll() {
      for (const lifecycle of [...open]) lifecycle.stop();
    },
  };
}
