import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** The invoices' client links (migration 027): the hash of each token, never the token. */
export class InvoiceLinksRepository {
  readonly #insert: StatementSync;
  readonly #byHash: StatementSync;
  readonly #leadEmail: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare(
      'INSERT OR IGNORE INTO invoice_links (invoice_id, token_hash, created_at_ms) VALUES (?, ?, ?)',
    );
    this.#byHash = db.prepare('SELECT invoice_id FROM invoice_links WHERE token_hash = ?');
    this.#leadEmail = db.prepare('SELECT email FROM contacts WHERE id = ? AND spam_reason IS NULL');
  }

  /** Keeps the link's hash (the same link asked again changes nothing). */
  keep(invoiceId: string, tokenHash: string, now: number): void {
    this.#insert.run(invoiceId, tokenHash, now);
  }

  /** The invoice a token's hash opens; null: none. */
  invoiceOf(tokenHash: string): string | null {
    const row = this.#byHash.get(tokenHash);
    return row ? String(row.invoice_id) : null;
  }

  /** The lead's e-mail address ('' when it has none; null when the message is gone). */
  leadEmail(contactId: string): string | null {
    const row = this.#leadEmail.get(contactId);
    return row ? String(row.email ?? '') : null;
  }
}
