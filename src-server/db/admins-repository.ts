import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import { inTransaction } from './database.ts';

export interface AdminRecord {
  id: number;
  email: string;
  passwordHash: string;
}

function toAdmin(row: Record<string, SQLOutputValue>): AdminRecord {
  return { id: Number(row.id), email: String(row.email), passwordHash: String(row.password_hash) };
}

/** All SQL about admin accounts. E-mails are compared without regard to case. */
export class AdminsRepository {
  readonly #db: DatabaseSync;
  readonly #byEmail: StatementSync;
  readonly #all: StatementSync;
  readonly #insert: StatementSync;
  readonly #updatePassword: StatementSync;
  readonly #deleteOthers: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#byEmail = db.prepare('SELECT id, email, password_hash FROM admins WHERE email = ?');
    this.#all = db.prepare('SELECT id, email, password_hash FROM admins ORDER BY id');
    this.#insert = db.prepare(
      `INSERT INTO admins (email, password_hash, created_at_ms, updated_at_ms)
       VALUES (?, ?, ?, ?) RETURNING id, email, password_hash`,
    );
    this.#updatePassword = db.prepare(
      'UPDATE admins SET password_hash = ?, updated_at_ms = ? WHERE id = ?',
    );
    this.#deleteOthers = db.prepare('DELETE FROM admins WHERE id <> ?');
  }

  findByEmail(email: string): AdminRecord | undefined {
    const row = this.#byEmail.get(email);
    return row ? toAdmin(row) : undefined;
  }

  all(): AdminRecord[] {
    return this.#all.all().map(toAdmin);
  }

  create(email: string, passwordHash: string, nowMs: number): AdminRecord {
    const row = this.#insert.get(email, passwordHash, nowMs, nowMs);
    if (!row) throw new Error('INSERT sans RETURNING');
    return toAdmin(row);
  }

  /** Changes the password; the sessions of that account are revoked by the caller's choice. */
  updatePassword(id: number, passwordHash: string, nowMs: number): void {
    this.#updatePassword.run(passwordHash, nowMs, id);
  }

  /**
   * Makes `email` the one admin account with this password hash: other accounts (and, by
   * cascade, their sessions) are removed.
   */
  replaceAllWith(email: string, passwordHash: string, nowMs: number): AdminRecord {
    return inTransaction(this.#db, () => {
      const existing = this.findByEmail(email);
      const admin = existing ?? this.create(email, passwordHash, nowMs);
      if (existing) this.updatePassword(existing.id, passwordHash, nowMs);
      this.#deleteOthers.run(admin.id);
      return { ...admin, passwordHash };
    });
  }
}
