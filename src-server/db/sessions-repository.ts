import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';

export interface SessionRecord {
  idHash: string;
  adminId: number;
  adminEmail: string;
  createdAtMs: number;
  lastSeenAtMs: number;
}

function toSession(row: Record<string, SQLOutputValue>): SessionRecord {
  return {
    idHash: String(row.id_hash),
    adminId: Number(row.admin_id),
    adminEmail: String(row.email),
    createdAtMs: Number(row.created_at_ms),
    lastSeenAtMs: Number(row.last_seen_at_ms),
  };
}

/** All SQL about sessions. Only the SHA-256 of a session id ever reaches this table. */
export class SessionsRepository {
  readonly #insert: StatementSync;
  readonly #find: StatementSync;
  readonly #touch: StatementSync;
  readonly #delete: StatementSync;
  readonly #deleteForAdmin: StatementSync;
  readonly #deleteExpired: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare(
      `INSERT INTO sessions (id_hash, admin_id, created_at_ms, last_seen_at_ms)
       VALUES (?, ?, ?, ?)`,
    );
    this.#find = db.prepare(
      `SELECT s.id_hash, s.admin_id, a.email, s.created_at_ms, s.last_seen_at_ms
       FROM sessions s JOIN admins a ON a.id = s.admin_id WHERE s.id_hash = ?`,
    );
    this.#touch = db.prepare('UPDATE sessions SET last_seen_at_ms = ? WHERE id_hash = ?');
    this.#delete = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
    this.#deleteForAdmin = db.prepare('DELETE FROM sessions WHERE admin_id = ?');
    this.#deleteExpired = db.prepare(
      'DELETE FROM sessions WHERE last_seen_at_ms <= ? OR created_at_ms <= ?',
    );
  }

  create(idHash: string, adminId: number, nowMs: number): void {
    this.#insert.run(idHash, adminId, nowMs, nowMs);
  }

  find(idHash: string): SessionRecord | undefined {
    const row = this.#find.get(idHash);
    return row ? toSession(row) : undefined;
  }

  touch(idHash: string, nowMs: number): void {
    this.#touch.run(nowMs, idHash);
  }

  delete(idHash: string): void {
    this.#delete.run(idHash);
  }

  deleteForAdmin(adminId: number): void {
    this.#deleteForAdmin.run(adminId);
  }

  /** Removes sessions idle since `idleBeforeMs` or created before `createdBeforeMs`. */
  deleteExpired(idleBeforeMs: number, createdBeforeMs: number): void {
    this.#deleteExpired.run(idleBeforeMs, createdBeforeMs);
  }
}
