import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { ContactFields, ContactMessage } from '../../shared/domain/contact.ts';
import type { ContactsRepository, NewContact, StoredContact } from '../db/contacts-repository.ts';

interface Pending {
  contact: NewContact;
  resolve: (stored: StoredContact) => void;
  reject: (error: unknown) => void;
}

export class InboxClosedError extends Error {
  constructor() {
    super('La boîte de réception est fermée.');
    this.name = 'InboxClosedError';
  }
}

const MAX_BATCH = 500;

/**
 * Stores incoming messages and announces them. Messages that arrive in the same turn of
 * the event loop are committed together (group commit: one disk sync for the lot); each
 * sender's promise settles only after that commit, so a 201 always means "on disk".
 */
export class ContactInbox {
  readonly #repository: ContactsRepository;
  readonly #clock: Clock;
  readonly #onStored: (stored: StoredContact[]) => void;
  #queue: Pending[] = [];
  #scheduled: NodeJS.Immediate | undefined;
  #closed = false;

  constructor(
    repository: ContactsRepository,
    clock: Clock,
    onStored: (stored: StoredContact[]) => void,
  ) {
    this.#repository = repository;
    this.#clock = clock;
    this.#onStored = onStored;
  }

  /** Resolves with the stored message once it is committed. */
  submit(fields: ContactFields): Promise<ContactMessage> {
    if (this.#closed) return Promise.reject(new InboxClosedError());
    return new Promise<StoredContact>((resolve, reject) => {
      this.#queue.push({
        contact: { id: randomUUID(), fields, createdAtMs: this.#clock() },
        resolve,
        reject,
      });
      this.#scheduled ??= setImmediate(() => this.flush());
    }).then((stored) => stored.message);
  }

  /** Commits what is queued now (also called on shutdown, so nothing accepted is dropped). */
  flush(): void {
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#scheduled = undefined;
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      this.#commit(batch);
    }
  }

  /** Refuses new messages and commits the queued ones. */
  close(): void {
    this.#closed = true;
    this.flush();
  }

  #commit(batch: Pending[]): void {
    let stored: StoredContact[];
    try {
      stored = this.#repository.insertMany(batch.map((pending) => pending.contact));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One bad row must not fail the others: retry them one by one.
      for (const pending of batch) this.#commit([pending]);
      return;
    }
    batch.forEach((pending, index) => {
      const row = stored[index];
      if (row) pending.resolve(row);
      else pending.reject(new Error('Message non enregistré.'));
    });
    this.#onStored(stored);
  }
}
