import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import {
  sortContactInput,
  type ContactFields,
  type ContactInput,
  type ContactMessage,
  type SpamMessage,
} from '../../shared/domain/contact.ts';
import type {
  ContactsRepository,
  InboxEvent,
  ManualContactFields,
  NewContact,
  StoredContact,
} from '../db/contacts-repository.ts';
import type { LeadSource } from '../../shared/domain/leads/pipeline.ts';
import { spamRetentionCutoff } from '../../shared/domain/spam-marking.ts';

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
 * What the owner is told of each new message (the notification outbox): `enqueue` runs in
 * the messages' own transaction, `wake` once they are committed.
 */
export interface NewMessageNotifier {
  enqueue(messages: readonly ContactMessage[]): void;
  wake(): void;
}

/** What became of a message sent: `spam` when it was kept aside as spam. */
export interface Submission {
  id: string;
  spam: boolean;
}

/** Every message, and the number of the last change it includes (to resume the stream). */
export interface InboxSnapshot {
  messages: ContactMessage[];
  lastEventId: number;
}

/**
 * The inbox's operations: receive a message, mark one read or unread, delete some. Each
 * change is stored with its number in the change log, then published (to the open dashboard
 * streams). Messages that arrive in the same turn of the event loop are committed together
 * (group commit: one disk sync for the lot); each sender's promise settles only after that
 * commit, so a 201 always means "on disk" — and, with a notifier, that the owner will be told.
 */
export class ContactInbox {
  readonly #repository: ContactsRepository;
  readonly #clock: Clock;
  readonly #publish: (events: InboxEvent[]) => void;
  readonly #notifier: NewMessageNotifier | undefined;
  #queue: Pending[] = [];
  #scheduled: NodeJS.Immediate | undefined;
  #closed = false;

  constructor(
    repository: ContactsRepository,
    clock: Clock,
    publish: (events: InboxEvent[]) => void,
    notifier?: NewMessageNotifier,
  ) {
    this.#repository = repository;
    this.#clock = clock;
    this.#publish = publish;
    this.#notifier = notifier;
  }

  /**
   * A visitor's message, validated. One with the hidden field filled, or sent too fast
   * (MIN_FILL_TIME_MS), is kept as spam: stored
   * out of the inbox, no event, no notification (a person's browser may have filled it; the
   * owner can move it back). Resolves once the message is committed.
   */
  async submit(input: ContactInput): Promise<Submission> {
    const { fields, reason } = sortContactInput(input);
    if (reason !== null) {
      if (this.#closed) throw new InboxClosedError();
      const id = randomUUID();
      this.#repository.insertSpam({ id, fields, createdAtMs: this.#clock(), reason });
      return { id, spam: true };
    }
    const message = await this.#store(fields);
    return { id: message.id, spam: false };
  }

  /**
   * « Nouveau contact »: a lead the owner typed in, stored read and with its source, in the
   * inbox and its change log like a message (every dashboard shows it), but never judged as
   * spam and never notified: the owner is not told of what they typed (no outbox row).
   * `alsoInTransaction` writes its pipeline in the same transaction; a throw there stores
   * nothing. Returns the message, once committed and published.
   */
  addTypedIn<T>(
    fields: ManualContactFields,
    source: LeadSource,
    alsoInTransaction: (message: ContactMessage) => T,
  ): { message: ContactMessage; also: T } {
    if (this.#closed) throw new InboxClosedError();
    const also: T[] = [];
    const [stored] = this.#repository.insertMany(
      [{ id: randomUUID(), fields, createdAtMs: this.#clock(), source, read: true }],
      ([row]) => {
        if (row) also.push(alsoInTransaction(row.message));
      },
    );
    if (!stored || also.length === 0) throw new Error('Contact non enregistré.');
    this.#publish([{ seq: stored.seq, type: 'created', message: stored.message }]);
    return { message: stored.message, also: also[0] as T };
  }

  /** The messages kept as spam, newest first, those past their retention left out. */
  listSpam(): SpamMessage[] {
    return this.#repository.listSpam(spamRetentionCutoff(this.#clock()));
  }

  /**
   * « Marquer comme indésirable »: moves a message of the inbox to the spam (markAsSpam,
   * shared/domain/spam-marking.ts); every open inbox drops it. `{ found: false }` when there
   * is no such message in the inbox; the rule's French refusal otherwise.
   */
  markSpam(id: string): { found: boolean; refusal: string | null } {
    const result = this.#repository.markSpam(id, this.#clock());
    if (!result.found) return { found: false, refusal: null };
    if (result.refusal !== null) return { found: true, refusal: result.refusal };
    this.#publish([result.event]);
    return { found: true, refusal: null };
  }

  /**
   * « Pas un indésirable »: moves a message kept as spam to the inbox; it is published, and
   * one the filters kept is notified as a new message (in the same transaction; one the owner
   * marked is not: restoreFromSpam). False when there is no such spam.
   */
  restoreSpam(id: string): boolean {
    const stored = this.#repository.restoreSpam(id, this.#clock(), (row) =>
      this.#notifier?.enqueue([row.message]),
    );
    if (!stored) return false;
    this.#publish([{ seq: stored.seq, type: 'created', message: stored.message }]);
    this.#notifier?.wake();
    return true;
  }

  /** Deletes the spam past its retention; returns how many. */
  purgeSpam(): number {
    return this.#repository.purgeSpam(spamRetentionCutoff(this.#clock()));
  }

  /** Marks one message read or unread; false when there is no such message. */
  setRead(id: string, read: boolean): boolean {
    const result = this.#repository.setRead(id, read, this.#clock());
    if (!result.found) return false;
    if (result.event) this.#publish([result.event]);
    return true;
  }

  /** Deletes these messages; returns the ids actually deleted (others were gone already). */
  remove(ids: readonly string[]): string[] {
    const event = this.#repository.remove([...new Set(ids)], this.#clock());
    if (event?.type !== 'deleted') return [];
    this.#publish([event]);
    return event.ids;
  }

  snapshot(): InboxSnapshot {
    // Both reads in the same turn of the event loop: no change can slip between.
    return {
      messages: this.#repository.listNewestFirst(),
      lastEventId: this.#repository.lastSeq(),
    };
  }

  /** The number of the inbox's last change. */
  lastSeq(): number {
    return this.#repository.lastSeq();
  }

  /** The changes after event `seq`, oldest first: what a stream cut off missed. */
  changesSince(seq: number): InboxEvent[] {
    return this.#repository.listAfter(seq);
  }

  #store(fields: ContactFields): Promise<ContactMessage> {
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
      stored = this.#repository.insertMany(
        batch.map((pending) => pending.contact),
        (rows) => this.#notifier?.enqueue(rows.map((row) => row.message)),
      );
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
    this.#publish(stored.map(({ seq, message }) => ({ seq, type: 'created', message })));
    this.#notifier?.wake();
  }
}
