import {
  SPAM_RETENTION_MS,
  contactInputSchema,
  sortContactInput,
  type ContactFormValues,
  type ContactMessage,
} from '../../domain/contact.ts';
import { fieldErrors } from '../../domain/field-errors.ts';
import type { InboxChange } from '../../domain/inbox.ts';
import { markAsSpam } from '../../domain/spam-marking.ts';
import { BackendError, type MessageStore, type MessagesObserver } from '../ports.ts';
import {
  createWatchLifecycle,
  DEFAULT_RETRY_DELAYS,
  type RetryDelays,
  type WatchLifecycle,
} from '../watch-lifecycle.ts';
import { NO_APP_CHECK, type AppCheckMonitor } from './app-check.ts';
import { toContactMessage, toSpamMessage } from './contact-documents.ts';
import { firebaseErrorCode, firestoreError, type FirestorePurpose } from './errors.ts';
import type { ContactsCollection, DocumentChange } from './firestore-contacts.ts';

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
      // The hidden field filled (a robot, or a browser's autofill), or sent within seconds of
      // the page's start: kept as spam, the same answer.
      const { fields, reason } = sortContactInput(parsed.data);

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

    async markSpam(id) {
      let outcome: Awaited<ReturnType<ContactsCollection['markSpam']>>;
      try {
        // The rule (shared/domain/spam-marking.ts) on the message as read in the transaction;
        // the time is the server's (the rules hold `markedAt` to it).
        outcome = await contacts.markSpam(id, (document) => {
          const message = toContactMessage(document);
          if (!message) return null;
          const marking = markAsSpam(message, Date.now());
          return marking.marked ? null : marking.refusal;
        });
      } catch (error) {
        throw await mapFailure(error, 'admin');
      }
      if (outcome === 'not-found') throw new BackendError('not-found');
      if (outcome !== 'marked') throw new BackendError('refused', { message: outcome.refusal });
    },

    stopAll() {
      for (const lifecycle of [...open]) lifecycle.stop();
    },
  };
}
