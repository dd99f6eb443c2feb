import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';

export interface SessionRecord {
  idHash: string;
  adminId: number;
  adminEmail: string;
  createdAtMs: number;
  lastSeenAtMs: number;
  /** Opened with « Rester connecté sur cet appareil »: lasts REMEMBERED_SESSION_MS. */
  remembered: boolean;
}

function toSession(row: Record<string, SQLOutputValue>): SessionRecord {
  return {
    idHash: String(row.id_hash),
    adminId: Number(row.admin_id),
    adminEmail: String(row.email),
    createdAtMs: Number(row.created_at_ms),
    lastSeenAtMs: Number(row.last_seen_at_ms),
    remembered: Number(row.remembered) === 1,
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
  readonly #endAllForAdmin: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare(
      `INSERT INTO sessions (id_hash, admin_id, created_at_ms, last_seen_at_ms, remembered)
       VALUES (?, ?, ?, ?, ?)`,
    );
    this.#find = db.prepare(
      `SELECT s.id_hash, s.admin_id, a.email, s.created_at_ms, s.last_seen_at_ms, s.remembered
       FROM sessions s JOIN admins a ON a.id = s.admin_id WHERE s.id_hash = ?`,
    );
    this.#touch = db.prepare('UPDATE sessions SET last_seen_at_ms = ? WHERE id_hash = ?');
    this.#delete = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
    this.#deleteForAdmin = db.prepare('DELETE FROM sessions WHERE admin_id = ?');
    this.#deleteExpired = db.prepare(
      `DELETE FROM sessions
       WHERE (remembered = 0 AND (last_seen_at_ms <= ? OR created_at_ms <= ?))
          OR (remembered = 1 AND created_at_ms <= ?)`,
    );
    this.#endAllForAdmin = db.prepare('DELETE FROM sessions WHERE admin_id = ? RETURNING id_hash');
  }

  create(idHash: string, adminId: number, nowMs: number, remembered = false): void {
    this.#insert.run(idHash, adminId, nowMs, nowMs, remembered ? 1 : 0);
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

  /** Deletes every session of this admin in one statement; returns their id hashes. */
  endAllForAdmin(adminId: number): string[] {
    return this.#endAllForAdmin.all(adminId).map((row) => String(row.id_hash));
  }

  /**
   * Removes the sessions that have expired: an unmarked one idle since `idleBeforeMs` or
   * created before `createdBeforeMs`, a remembered one created before `rememberedBeforeMs`.
   */
  deleteExpired(idleBeforeMs: number, createdBeforeMs: number, rememberedBeforeMs: number): void {
    this.#deleteExpired.run(idleBeforeMs, createdBeforeMs, rememberedBeforeMs);
  }
}
