import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** All SQL about trusted devices. Only the SHA-256 of a device cookie reaches this table. */
export class TrustedDevicesRepository {
  readonly #insert: StatementSync;
  readonly #emailFor: StatementSync;
  readonly #touch: StatementSync;
  readonly #deleteUnused: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare(
      `INSERT INTO trusted_devices (id_hash, admin_id, created_at_ms, last_used_at_ms)
       VALUES (?, ?, ?, ?)`,
    );
    this.#emailFor = db.prepare(
      `SELECT a.email FROM trusted_devices d JOIN admins a ON a.id = d.admin_id
       WHERE d.id_hash = ? AND d.last_used_at_ms > ?`,
    );
    this.#touch = db.prepare('UPDATE trusted_devices SET last_used_at_ms = ? WHERE id_hash = ?');
    this.#deleteUnused = db.prepare('DELETE FROM trusted_devices WHERE last_used_at_ms <= ?');
  }

  add(idHash: string, adminId: number, nowMs: number): void {
    this.#insert.run(idHash, adminId, nowMs, nowMs);
  }

  /** The e-mail of the admin this device signed in as, if it was used since `usedAfterMs`. */
  emailFor(idHash: string, usedAfterMs: number): string | undefined {
    const row = this.#emailFor.get(idHash, usedAfterMs);
    return row ? String(row.email) : undefined;
  }

  touch(idHash: string, nowMs: number): void {
    this.#touch.run(nowMs, idHash);
  }

  deleteUnusedSince(usedBeforeMs: number): void {
    this.#deleteUnused.run(usedBeforeMs);
  }
}
