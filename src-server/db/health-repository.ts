import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { BUSY_TIMEOUT_MS, inTransaction } from './database.ts';

/** What /healthz asks the database: can it still commit a write, and what is waiting. */
export class HealthRepository {
  readonly #db: DatabaseSync;
  readonly #stamp: StatementSync;
  readonly #pending: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#stamp = db.prepare(
      `INSERT INTO health_checks (id, checked_at_ms) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET checked_at_ms = excluded.checked_at_ms`,
    );
    this.#pending = db.prepare(
      `SELECT COUNT(*) AS pending FROM notification_outbox WHERE state = 'pending'`,
    );
  }

  /**
   * Commits one small write; throws when the database cannot be written. Waits for a lock
   * held elsewhere `waitMs` at most, not the usual BUSY_TIMEOUT_MS: a probe answers quickly.
   */
  writeProbe(nowMs: number, waitMs: number): void {
    this.#db.exec(`PRAGMA busy_timeout = ${Math.round(waitMs)}`);
    try {
      inTransaction(this.#db, () => this.#stamp.run(nowMs));
    } finally {
      this.#db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  }

  /** Notifications (e-mail, push, webhook) not delivered yet. */
  pendingNotifications(): number {
    return Number(this.#pending.get()?.pending ?? 0);
  }
}
