import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { inTransaction } from './database.ts';

export type OneTimeLinkPurpose = 'first-password' | 'new-device';

/** All SQL about one-time links. Only the SHA-256 of a link's token reaches this table. */
export class OneTimeLinksRepository {
  readonly #db: DatabaseSync;
  readonly #insert: StatementSync;
  readonly #take: StatementSync;
  readonly #find: StatementSync;
  readonly #deletePurpose: StatementSync;
  readonly #deleteExpired: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO one_time_links (token_hash, purpose, admin_id, created_at_ms, expires_at_ms)
       VALUES (?, ?, ?, ?, ?)`,
    );
    // Taking a link deletes it: a second use finds nothing, even a concurrent one.
    this.#take = db.prepare(
      `DELETE FROM one_time_links
       WHERE token_hash = ? AND purpose = ? AND (expires_at_ms IS NULL OR expires_at_ms > ?)
       RETURNING admin_id`,
    );
    this.#find = db.prepare(
      `SELECT 1 AS found FROM one_time_links
       WHERE token_hash = ? AND purpose = ? AND (expires_at_ms IS NULL OR expires_at_ms > ?)`,
    );
    this.#deletePurpose = db.prepare('DELETE FROM one_time_links WHERE purpose = ?');
    this.#deleteExpired = db.prepare('DELETE FROM one_time_links WHERE expires_at_ms <= ?');
  }

  /** Stores a link; with `replacing`, every other link of that purpose dies in the same step. */
  add(
    link: {
      tokenHash: string;
      purpose: OneTimeLinkPurpose;
      adminId: number | null;
      expiresAtMs: number | null;
    },
    nowMs: number,
    replacing = false,
  ): void {
    inTransaction(this.#db, () => {
      if (replacing) this.#deletePurpose.run(link.purpose);
      this.#deleteExpired.run(nowMs);
      this.#insert.run(link.tokenHash, link.purpose, link.adminId, nowMs, link.expiresAtMs);
    });
  }

  /**
   * Uses up the link with this token hash and purpose if it is still valid: resolves with its
   * admin id (null for a first-password link), or undefined when there is no such link.
   */
  take(tokenHash: string, purpose: OneTimeLinkPurpose, nowMs: number): number | null | undefined {
    const row = this.#take.get(tokenHash, purpose, nowMs);
    if (!row) return undefined;
    return row.admin_id === null ? null : Number(row.admin_id);
  }

  /** True when the link is still valid (it is not used up: see `take`). */
  isValid(tokenHash: string, purpose: OneTimeLinkPurpose, nowMs: number): boolean {
    return this.#find.get(tokenHash, purpose, nowMs) !== undefined;
  }

  deleteAll(purpose: OneTimeLinkPurpose): void {
    this.#deletePurpose.run(purpose);
  }
}
