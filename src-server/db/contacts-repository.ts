import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import {
  SPAM_REASON_CODES,
  type ContactFields,
  type FilterSpamReason,
  type ContactMessage,
  type SpamMessage,
  type SpamReason,
} from '../../shared/domain/contact.ts';
import type { LeadSource } from '../../shared/domain/leads/pipeline.ts';
import { markAsSpam, restoreFromSpam } from '../../shared/domain/spam-marking.ts';
import {
  INSERTED_COLUMNS,
  insertedValues,
  messageColumns,
  messageFromRow,
} from './contact-columns.ts';
import { inTransaction } from './database.ts';

/**
 * A message about to be stored: the visitor's fields, its public id and the server's time; or
 * a lead the owner typed in (« Nouveau contact »): its source, read, and null for the e-mail,
 * phone or service it does not have.
 */
export interface NewContact {
  id: string;
  fields: ContactFields | ManualContactFields;
  createdAtMs: number;
  source?: LeadSource;
  read?: boolean;
}

/** The fields of a lead the owner typed in, as stored. */
export type ManualContactFields = Omit<
  ContactFields,
  | 'service'
  | 'email'
  | 'phone'
  | 'pagePath'
  | 'referrer'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
> &
  Pick<ContactMessage, 'service' | 'email' | 'phone'>;

/** A message about to be kept as spam by the form's filters, and why. */
export interface NewSpam extends NewContact {
  reason: FilterSpamReason;
}

/**
 * What « Marquer comme indésirable » did: no such message in the inbox, refused by the rule
 * (its French sentence), or moved, with the 'deleted' event the inbox's streams apply.
 */
export type MarkSpamResult =
  | { found: false }
  | { found: true; refusal: string }
  | { found: true; refusal: null; event: InboxEvent };

/** A stored message with the number of its 'created' event in the stream. */
export interface StoredContact {
  seq: number;
  message: ContactMessage;
}

/** One entry of the inbox's change log; `seq` is its id in the event stream. */
export type InboxEvent =
  | { seq: number; type: 'created'; message: ContactMessage }
  | { seq: number; type: 'updated'; ids: string[]; read: boolean }
  | { seq: number; type: 'deleted'; ids: string[] };

/** What setting the read flag did: nothing to do, no such message, or a logged change. */
export type SetReadResult = { found: false } | { found: true; event: InboxEvent | null };

type Row = Record<string, SQLOutputValue>;

function toStored(row: Row): StoredContact {
  return { seq: Number(row.seq), message: messageFromRow(row) };
}

/** A stored spam reason, checked (the table's CHECK lets no other in). */
export function spamReasonFromRow(value: SQLOutputValue | undefined): SpamReason {
  const reason = SPAM_REASON_CODES.find((known) => known === value);
  // The table's CHECK constraint lets no other value in.
  if (reason === undefined) throw new Error(`Raison de l’indésirable inconnue : ${String(value)}`);
  return reason;
}

function parseIds(value: SQLOutputValue): string[] {
  const parsed: unknown = JSON.parse(String(value));
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

function toEvent(row: Row): InboxEvent | null {
  const seq = Number(row.event_seq);
  switch (row.type) {
    case 'created':
      // The message may have been deleted since: its 'deleted' event follows.
      return row.id === null ? null : { seq, type: 'created', message: toStored(row).message };
    case 'updated':
      return {
        seq,
        type: 'updated',
        ids: parseIds(row.ids ?? null),
        read: Number(row.event_read) === 1,
      };
    case 'deleted':
      return { seq, type: 'deleted', ids: parseIds(row.ids ?? null) };
    default:
      return null;
  }
}

const COLUMNS = messageColumns();
const CONTACT_COLUMNS = messageColumns('c');

/** All SQL about contact messages. */
export class ContactsRepository {
  readonly #db: DatabaseSync;
  readonly #insert: StatementSync;
  readonly #newestFirst: StatementSync;
  readonly #after: StatementSync;
  readonly #lastSeq: StatementSync;
  readonly #logEvent: StatementSync;
  readonly #setRead: StatementSync;
  readonly #exists: StatementSync;
  readonly #delete: StatementSync;
  readonly #insertSpam: StatementSync;
  readonly #spamNewestFirst: StatementSync;
  readonly #restoreSpam: StatementSync;
  readonly #spamReasonOf: StatementSync;
  readonly #inboxMessage: StatementSync;
  readonly #markSpam: StatementSync;
  readonly #purgeSpam: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO contacts (${INSERTED_COLUMNS.join(', ')})
       VALUES (${INSERTED_COLUMNS.map(() => '?').join(', ')}) RETURNING ${COLUMNS}`,
    );
    // The inbox is every message that is not spam.
    this.#newestFirst = db.prepare(
      `SELECT ${COLUMNS} FROM contacts WHERE spam_reason IS NULL ORDER BY seq DESC`,
    );
    this.#insertSpam = db.prepare(
      `INSERT INTO contacts (${INSERTED_COLUMNS.join(', ')}, spam_reason)
       VALUES (${INSERTED_COLUMNS.map(() => '?').join(', ')}, ?)`,
    );
    // A message's 30 days count from when the owner marked it, or from its reception
    // (shared/domain/spam-marking.ts, spamKeptSince).
    this.#spamNewestFirst = db.prepare(
      `SELECT ${COLUMNS}, spam_reason, spam_marked_at_ms FROM contacts
       WHERE spam_reason IS NOT NULL AND COALESCE(spam_marked_at_ms, created_at_ms) > ?
       ORDER BY seq DESC`,
    );
    this.#spamReasonOf = db.prepare(
      'SELECT spam_reason FROM contacts WHERE id = ? AND spam_reason IS NOT NULL',
    );
    this.#restoreSpam = db.prepare(
      `UPDATE contacts SET spam_reason = NULL, spam_marked_at_ms = NULL,
         read = CASE WHEN ? THEN 0 ELSE read END
       WHERE id = ? AND spam_reason IS NOT NULL RETURNING ${COLUMNS}`,
    );
    this.#inboxMessage = db.prepare(
      `SELECT ${COLUMNS} FROM contacts WHERE id = ? AND spam_reason IS NULL`,
    );
    this.#markSpam = db.prepare(
      `UPDATE contacts SET spam_reason = ?, spam_marked_at_ms = ?
       WHERE id = ? AND spam_reason IS NULL`,
    );
    this.#purgeSpam = db.prepare(
      `DELETE FROM contacts
       WHERE spam_reason IS NOT NULL AND COALESCE(spam_marked_at_ms, created_at_ms) <= ?`,
    );
    this.#after = db.prepare(
      `SELECT e.seq AS event_seq, e.type, e.ids, e.read AS event_read, ${CONTACT_COLUMNS}
       FROM contact_events e
       LEFT JOIN contacts c ON e.type = 'created' AND c.id = e.ids ->> '$[0]'
       WHERE e.seq > ? ORDER BY e.seq ASC`,
    );
    this.#lastSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM contact_events');
    this.#logEvent = db.prepare(
      'INSERT INTO contact_events (type, ids, read, created_at_ms) VALUES (?, ?, ?, ?) RETURNING seq',
    );
    this.#setRead = db.prepare(
      'UPDATE contacts SET read = ? WHERE id = ? AND read <> ? AND spam_reason IS NULL',
    );
    this.#exists = db.prepare(
      'SELECT 1 AS found FROM contacts WHERE id = ? AND spam_reason IS NULL',
    );
    this.#delete = db.prepare(
      'DELETE FROM contacts WHERE id IN (SELECT value FROM json_each(?)) RETURNING id',
    );
  }

  #log(type: InboxEvent['type'], ids: string[], read: boolean | null, atMs: number): number {
    const row = this.#logEvent.get(type, JSON.stringify(ids), read === null ? null : +read, atMs);
    if (!row) throw new Error('INSERT sans RETURNING');
    return Number(row.seq);
  }

  /**
   * Stores every message in one transaction (one disk sync for the lot). `alsoInTransaction`
   * writes what belongs with them (their notifications): all of it is committed, or none.
   */
  insertMany(
    contacts: readonly NewContact[],
    alsoInTransaction?: (stored: StoredContact[]) => void,
  ): StoredContact[] {
    return inTransaction(this.#db, () => {
      const stored = contacts.map((contact) => {
        const { id, createdAtMs } = contact;
        const row = this.#insert.get(...insertedValues(contact));
        if (!row) throw new Error('INSERT sans RETURNING');
        const { message } = toStored(row);
        return { seq: this.#log('created', [id], null, createdAtMs), message };
      });
      alsoInTransaction?.(stored);
      return stored;
    });
  }

  /** Sets the read flag of one message; a change is logged for the event stream. */
  setRead(id: string, read: boolean, atMs: number): SetReadResult {
    return inTransaction(this.#db, () => {
      const { changes } = this.#setRead.run(+read, id, +read);
      if (Number(changes) === 0) {
        return this.#exists.get(id) ? { found: true, event: null } : { found: false };
      }
      const seq = this.#log('updated', [id], read, atMs);
      return { found: true, event: { seq, type: 'updated', ids: [id], read } };
    });
  }

  /** Deletes these messages; the ids actually deleted are logged as one event. */
  remove(ids: readonly string[], atMs: number): InboxEvent | null {
    return inTransaction(this.#db, () => {
      const deleted = this.#delete.all(JSON.stringify(ids)).map((row) => String(row.id));
      if (deleted.length === 0) return null;
      const seq = this.#log('deleted', deleted, null, atMs);
      return { seq, type: 'deleted', ids: deleted };
    });
  }

  /** Keeps a message as spam: no event (the inbox never shows it), no notification. */
  insertSpam({ id, fields, createdAtMs, reason }: NewSpam): void {
    this.#insertSpam.run(...insertedValues({ id, fields, createdAtMs }), reason);
  }

  /** The messages kept as spam since after `sinceMs` (spamKeptSince), newest first. */
  listSpam(sinceMs: number): SpamMessage[] {
    return this.#spamNewestFirst.all(sinceMs).map((row) => ({
      ...toStored(row).message,
      spamReason: spamReasonFromRow(row.spam_reason),
      markedAt: row.spam_marked_at_ms == null ? null : Number(row.spam_marked_at_ms),
    }));
  }

  /**
   * Moves a message kept as spam to the inbox, with its 'created' event, as restoreFromSpam
   * says: one the filters kept comes unread and `alsoInTransaction` writes its notifications;
   * one the owner marked keeps its read flag and is not notified again. Its lead was never
   * touched: it shows again with it. Null when there is no such spam.
   */
  restoreSpam(
    id: string,
    atMs: number,
    alsoInTransaction?: (stored: StoredContact) => void,
  ): StoredContact | null {
    return inTransaction(this.#db, () => {
      const kept = this.#spamReasonOf.get(id);
      if (!kept) return null;
      const { unread, notify } = restoreFromSpam({
        spamReason: spamReasonFromRow(kept.spam_reason),
      });
      const row = this.#restoreSpam.get(+unread, id);
      if (!row) return null;
      const stored = {
        seq: this.#log('created', [id], null, atMs),
        message: toStored(row).message,
      };
      if (notify) alsoInTransaction?.(stored);
      return stored;
    });
  }

  /**
   * « Marquer comme indésirable »: moves a message of the inbox to the spam, as markAsSpam
   * allows, its reason `owner` and the time; the inbox's streams get a 'deleted' event. Its
   * lead (status, notes, quotes) stays, out of sight with it.
   */
  markSpam(id: string, atMs: number): MarkSpamResult {
    return inTransaction(this.#db, () => {
      const row = this.#inboxMessage.get(id);
      if (!row) return { found: false };
      const marking = markAsSpam(toStored(row).message, atMs);
      if (!marking.marked) return { found: true, refusal: marking.refusal };
      this.#markSpam.run(marking.patch.spamReason, marking.patch.markedAt, id);
      const seq = this.#log('deleted', [id], null, atMs);
      return { found: true, refusal: null, event: { seq, type: 'deleted', ids: [id] } };
    });
  }

  /** Deletes the spam kept since `beforeMs` or before (spamKeptSince); returns how many. */
  purgeSpam(beforeMs: number): number {
    return Number(this.#purgeSpam.run(beforeMs).changes);
  }

  /** Every message of the inbox (spam aside), newest first. */
  listNewestFirst(): ContactMessage[] {
    return this.#newestFirst.all().map((row) => toStored(row).message);
  }

  /** The changes after event `seq`, oldest first (what a stream missed). */
  listAfter(seq: number): InboxEvent[] {
    const events: InboxEvent[] = [];
    for (const row of this.#after.all(seq)) {
      const event = toEvent(row);
      if (event) events.push(event);
    }
    return events;
  }

  lastSeq(): number {
    return Number(this.#lastSeq.get()?.seq ?? 0);
  }
}
