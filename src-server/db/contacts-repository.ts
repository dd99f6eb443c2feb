import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import type {
  ContactFields,
  ContactMessage,
  ContactService,
  MessageTimestamp,
} from '../../shared/domain/contact.ts';
import { inTransaction } from './database.ts';

/** A message about to be stored: the visitor's fields, its public id and the server's time. */
export interface NewContact {
  id: string;
  fields: ContactFields;
  createdAtMs: number;
}

/** A stored message with its sequence number, which numbers the event stream. */
export interface StoredContact {
  seq: number;
  message: ContactMessage;
}

type Row = Record<string, SQLOutputValue>;

export function timestampFromMs(ms: number): MessageTimestamp {
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanoseconds: (ms - seconds * 1000) * 1_000_000 };
}

function toStored(row: Row): StoredContact {
  return {
    seq: Number(row.seq),
    message: {
      id: String(row.id),
      fullName: String(row.full_name),
      service: String(row.service) as ContactService,
      email: String(row.email),
      phone: String(row.phone),
      subject: String(row.subject),
      message: String(row.message),
      timestamp: timestampFromMs(Number(row.created_at_ms)),
    },
  };
}

const COLUMNS = 'seq, id, full_name, service, email, phone, subject, message, created_at_ms';

/** All SQL about contact messages. */
export class ContactsRepository {
  readonly #db: DatabaseSync;
  readonly #insert: StatementSync;
  readonly #newestFirst: StatementSync;
  readonly #after: StatementSync;
  readonly #lastSeq: StatementSync;
  readonly #count: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO contacts (id, full_name, service, email, phone, subject, message, created_at_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    );
    this.#newestFirst = db.prepare(`SELECT ${COLUMNS} FROM contacts ORDER BY seq DESC`);
    this.#after = db.prepare(`SELECT ${COLUMNS} FROM contacts WHERE seq > ? ORDER BY seq ASC`);
    this.#lastSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM contacts');
    this.#count = db.prepare('SELECT COUNT(*) AS count FROM contacts');
  }

  /** Stores every message in one transaction (one disk sync for the lot). */
  insertMany(contacts: readonly NewContact[]): StoredContact[] {
    return inTransaction(this.#db, () =>
      contacts.map(({ id, fields, createdAtMs }) => {
        const row = this.#insert.get(
          id,
          fields.fullName,
          fields.service,
          fields.email,
          fields.phone,
          fields.subject,
          fields.message,
          createdAtMs,
        );
        if (!row) throw new Error('INSERT sans RETURNING');
        return toStored(row);
      }),
    );
  }

  /** Every message, newest first. */
  listNewestFirst(): ContactMessage[] {
    return this.#newestFirst.all().map((row) => toStored(row).message);
  }

  /** Messages stored after sequence number `seq`, oldest first (what a stream missed). */
  listAfter(seq: number): StoredContact[] {
    return this.#after.all(seq).map(toStored);
  }

  lastSeq(): number {
    return Number(this.#lastSeq.get()?.seq ?? 0);
  }

  count(): number {
    return Number(this.#count.get()?.count ?? 0);
  }
}
