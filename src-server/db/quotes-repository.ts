import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import {
  QUOTE_LANGUAGES,
  type QuoteClient,
  type QuoteLine,
} from '../../shared/domain/quotes/quote.ts';
import {
  QUOTE_DECISIONS,
  quoteJsonSchema,
  scaleFromJson,
  scaleToJson,
  type Quote,
} from '../../shared/domain/quotes/record.ts';
import type { SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import type { StampDutyScale } from '../../shared/domain/quotes/stamp-duty.ts';
import { QUOTE_STATUSES, type QuoteStatus } from '../../shared/domain/quotes/status.ts';
import type { QuoteCounter } from '../../shared/domain/quotes/numbering.ts';
import { VAT_RATES } from '../../shared/domain/quotes/seller.ts';

type Row = Record<string, SQLOutputValue>;

/** What is frozen into a quote when it is sent. */
export interface QuoteSnapshot {
  seller: SellerLegalDetails;
  stampDutyScale: StampDutyScale;
}

/** A quote as stored: a draft has no snapshot yet (the service gives it the current details). */
export type StoredQuote = Omit<Quote, 'seller' | 'stampDutyScale'> & {
  snapshot: QuoteSnapshot | null;
  /**
   * The generation of its link (migration 024): the token is the HMAC of the id and this
   * (shared/node/quote-link-token.ts); null for a draft, or a quote sent before it.
   */
  linkGeneration: number | null;
};

const snapshotJsonSchema = quoteJsonSchema.pick({ seller: true, stampDutyScale: true });

function oneOf<T extends string | number>(
  known: readonly T[],
  value: SQLOutputValue | undefined,
): T {
  const found = known.find((candidate) => candidate === value);
  // The tables' CHECK constraints let no other value in.
  if (found === undefined) throw new Error(`Valeur inconnue en base : ${String(value)}`);
  return found;
}

const numberOrNull = (value: SQLOutputValue | undefined) =>
  value === null || value === undefined ? null : Number(value);
const textOrNull = (value: SQLOutputValue | undefined) =>
  value === null || value === undefined ? null : String(value);

function toLine(row: Row): QuoteLine {
  return {
    designation: String(row.designation),
    unit: String(row.unit),
    quantityMilli: BigInt(Number(row.quantity_milli)),
    unitPrice: BigInt(Number(row.unit_price_centimes)),
    discountBasisPoints: BigInt(Number(row.discount_basis_points)),
    vatRate: oneOf(VAT_RATES, Number(row.vat_rate)),
  };
}

function toSnapshot(json: SQLOutputValue | undefined): QuoteSnapshot | null {
  if (json === null || json === undefined) return null;
  const parsed = snapshotJsonSchema.parse(JSON.parse(String(json)));
  return { seller: parsed.seller, stampDutyScale: scaleFromJson(parsed.stampDutyScale) };
}

const COLUMNS = `id, contact_id, number, version, replaces_id, status, language, client_json,
  paid_in_cash, validity_days, issue_date, valid_until, snapshot_json, sent_to, created_at_ms,
  updated_at_ms, sent_at_ms, answer, answer_comment, answered_at_ms, link_generation,
  first_viewed_at_ms`;

/** The content of a draft, as the service checked it. */
export interface DraftContent {
  language: Quote['language'];
  client: QuoteClient;
  lines: readonly QuoteLine[];
  paidInCash: boolean;
  validityDays: number;
  issueDate: string;
  validUntil: string;
}

/** What sending writes. */
export interface SentFields {
  number: string;
  issueDate: string;
  validUntil: string;
  snapshot: QuoteSnapshot;
  tokenHash: string;
  linkGeneration: number;
  sentTo: string | null;
  sentAt: number;
}

/**
 * All SQL about quotes (migration 015): the quotes, their lines, and the per-year counters of
 * their numbers. Its writes are meant to run inside the service's transactions.
 */
export class QuotesRepository {
  readonly #db: DatabaseSync;
  readonly #contact: StatementSync;
  readonly #get: StatementSync;
  readonly #lines: StatementSync;
  readonly #all: StatementSync;
  readonly #allLines: StatementSync;
  readonly #byContact: StatementSync;
  readonly #byToken: StatementSync;
  readonly #insert: StatementSync;
  readonly #insertLine: StatementSync;
  readonly #deleteLines: StatementSync;
  readonly #updateDraft: StatementSync;
  readonly #send: StatementSync;
  readonly #setStatus: StatementSync;
  readonly #setToken: StatementSync;
  readonly #answer: StatementSync;
  readonly #delete: StatementSync;
  readonly #counter: StatementSync;
  readonly #lastCounter: StatementSync;
  readonly #saveCounter: StatementSync;
  readonly #newer: StatementSync;
  readonly #overdue: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#contact = db.prepare('SELECT email FROM contacts WHERE id = ? AND spam_reason IS NULL');
    this.#get = db.prepare(`SELECT ${COLUMNS} FROM quotes WHERE id = ?`);
    this.#lines = db.prepare('SELECT * FROM quote_lines WHERE quote_id = ? ORDER BY position');
    // « Devis » lists every quote: their lines in one query, not one per quote.
    this.#allLines = db.prepare('SELECT * FROM quote_lines ORDER BY quote_id, position');
    this.#all = db.prepare(`SELECT ${COLUMNS} FROM quotes ORDER BY created_at_ms DESC, rowid DESC`);
    this.#byContact = db.prepare(
      `SELECT ${COLUMNS} FROM quotes WHERE contact_id = ? ORDER BY created_at_ms DESC, rowid DESC`,
    );
    this.#byToken = db.prepare(`SELECT ${COLUMNS} FROM quotes WHERE token_hash = ?`);
    this.#insert = db.prepare(
      `INSERT INTO quotes (id, contact_id, number, version, replaces_id, status, language,
        client_json, paid_in_cash, validity_days, issue_date, valid_until, created_at_ms,
        updated_at_ms)
       VALUES (?, ?, ?, ?, ?, 'brouillon', ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#insertLine = db.prepare(
      `INSERT INTO quote_lines (quote_id, position, designation, unit, quantity_milli,
        unit_price_centimes, discount_basis_points, vat_rate) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#deleteLines = db.prepare('DELETE FROM quote_lines WHERE quote_id = ?');
    this.#updateDraft = db.prepare(
      `UPDATE quotes SET language = ?, client_json = ?, paid_in_cash = ?, validity_days = ?,
        issue_date = ?, valid_until = ?, updated_at_ms = ? WHERE id = ? AND status = 'brouillon'`,
    );
    this.#send = db.prepare(
      `UPDATE quotes SET status = 'envoye', number = ?, issue_date = ?, valid_until = ?,
        snapshot_json = ?, token_hash = ?, link_generation = ?, sent_to = ?, sent_at_ms = ?,
        updated_at_ms = ?
       WHERE id = ? AND status = 'brouillon'`,
    );
    // A quote that leaves « Envoyé » (other than by an answer) loses its link.
    this.#setStatus = db.prepare(
      `UPDATE quotes SET status = ?, token_hash = NULL, updated_at_ms = ? WHERE id = ?`,
    );
    this.#setToken = db.prepare(
      `UPDATE quotes SET token_hash = ?, link_generation = ?, sent_to = ?, updated_at_ms = ?
       WHERE id = ?`,
    );
    this.#answer = db.prepare(
      `UPDATE quotes SET status = ?, answer = ?, answer_comment = ?, answered_at_ms = ?,
        updated_at_ms = ? WHERE id = ? AND status = 'envoye'`,
    );
    this.#delete = db.prepare(`DELETE FROM quotes WHERE id = ? AND status = 'brouillon'`);
    this.#counter = db.prepare(
      'SELECT year, last_sequence, last_issue_date FROM quote_counters WHERE year = ?',
    );
    this.#lastCounter = db.prepare(
      'SELECT year, last_sequence, last_issue_date FROM quote_counters ORDER BY year DESC LIMIT 1',
    );
    this.#saveCounter = db.prepare(
      `INSERT INTO quote_counters (year, last_sequence, last_issue_date) VALUES (?, ?, ?)
       ON CONFLICT (year) DO UPDATE SET last_sequence = excluded.last_sequence,
         last_issue_date = excluded.last_issue_date`,
    );
    this.#newer = db.prepare('SELECT id, status FROM quotes WHERE replaces_id = ? LIMIT 1');
    this.#overdue = db.prepare(`SELECT id FROM quotes WHERE status = 'envoye' AND valid_until < ?`);
  }

  #toQuote(row: Row, lines?: ReadonlyMap<string, QuoteLine[]>): StoredQuote {
    const id = String(row.id);
    const answer = textOrNull(row.answer);
    return {
      id,
      leadId: String(row.contact_id),
      number: textOrNull(row.number),
      version: Number(row.version),
      replacesId: textOrNull(row.replaces_id),
      status: oneOf<QuoteStatus>(QUOTE_STATUSES, row.status),
      language: oneOf(QUOTE_LANGUAGES, row.language),
      client: quoteJsonSchema.shape.client.parse(JSON.parse(String(row.client_json))),
      lines: lines ? (lines.get(id) ?? []) : this.#lines.all(id).map(toLine),
      paidInCash: row.paid_in_cash === 1,
      validityDays: Number(row.validity_days),
      issueDate: String(row.issue_date),
      validUntil: String(row.valid_until),
      snapshot: toSnapshot(row.snapshot_json),
      createdAt: Number(row.created_at_ms),
      updatedAt: Number(row.updated_at_ms),
      sentAt: numberOrNull(row.sent_at_ms),
      sentTo: textOrNull(row.sent_to),
      linkGeneration: numberOrNull(row.link_generation),
      viewedAt: numberOrNull(row.first_viewed_at_ms),
      answer:
        answer === null
          ? null
          : {
              decision: oneOf(QUOTE_DECISIONS, answer),
              comment: textOrNull(row.answer_comment),
              at: Number(row.answered_at_ms),
            },
    };
  }

  /** The lead's e-mail address when it is a message of the inbox ('' when it has none); null when not. */
  leadEmail(contactId: string): string | null {
    const row = this.#contact.get(contactId);
    return row ? String(row.email ?? '') : null;
  }

  get(id: string): StoredQuote | null {
    const row = this.#get.get(id);
    return row ? this.#toQuote(row) : null;
  }

  list(contactId?: string): StoredQuote[] {
    if (contactId !== undefined) {
      return this.#byContact.all(contactId).map((row) => this.#toQuote(row));
    }
    const lines = new Map<string, QuoteLine[]>();
    for (const row of this.#allLines.all()) {
      const id = String(row.quote_id);
      const own = lines.get(id);
      if (own) own.push(toLine(row));
      else lines.set(id, [toLine(row)]);
    }
    return this.#all.all().map((row) => this.#toQuote(row, lines));
  }

  byTokenHash(hash: string): StoredQuote | null {
    const row = this.#byToken.get(hash);
    return row ? this.#toQuote(row) : null;
  }

  #writeLines(id: string, lines: readonly QuoteLine[]): void {
    this.#deleteLines.run(id);
    lines.forEach((line, position) =>
      this.#insertLine.run(
        id,
        position,
        line.designation,
        line.unit,
        line.quantityMilli,
        line.unitPrice,
        line.discountBasisPoints,
        line.vatRate,
      ),
    );
  }

  insertDraft(
    draft: DraftContent & {
      id: string;
      contactId: string;
      number: string | null;
      version: number;
      replacesId: string | null;
      at: number;
    },
  ): void {
    this.#insert.run(
      draft.id,
      draft.contactId,
      draft.number,
      draft.version,
      draft.replacesId,
      draft.language,
      JSON.stringify(draft.client),
      draft.paidInCash ? 1 : 0,
      draft.validityDays,
      draft.issueDate,
      draft.validUntil,
      draft.at,
      draft.at,
    );
    this.#writeLines(draft.id, draft.lines);
  }

  /** False when the quote is no longer a draft (nothing written). */
  updateDraft(id: string, draft: DraftContent, at: number): boolean {
    const changed = this.#updateDraft.run(
      draft.language,
      JSON.stringify(draft.client),
      draft.paidInCash ? 1 : 0,
      draft.validityDays,
      draft.issueDate,
      draft.validUntil,
      at,
      id,
    ).changes;
    if (Number(changed) === 0) return false;
    this.#writeLines(id, draft.lines);
    return true;
  }

  markSent(id: string, sent: SentFields): boolean {
    const snapshot = JSON.stringify({
      seller: sent.snapshot.seller,
      stampDutyScale: scaleToJson(sent.snapshot.stampDutyScale),
    });
    return (
      Number(
        this.#send.run(
          sent.number,
          sent.issueDate,
          sent.validUntil,
          snapshot,
          sent.tokenHash,
          sent.linkGeneration,
          sent.sentTo,
          sent.sentAt,
          sent.sentAt,
          id,
        ).changes,
      ) === 1
    );
  }

  /** The first opening of the link; false when one was already recorded (nothing written). */
  markViewed(id: string, at: number): boolean {
    return (
      Number(
        this.#db
          .prepare(
            'UPDATE quotes SET first_viewed_at_ms = ? WHERE id = ? AND first_viewed_at_ms IS NULL',
          )
          .run(at, id).changes,
      ) === 1
    );
  }

  setStatus(id: string, status: QuoteStatus, at: number): void {
    this.#setStatus.run(status, at, id);
  }

  setToken(
    id: string,
    link: { tokenHash: string; generation: number },
    sentTo: string | null,
    at: number,
  ): void {
    this.#setToken.run(link.tokenHash, link.generation, sentTo, at, id);
  }

  answer(
    id: string,
    decision: (typeof QUOTE_DECISIONS)[number],
    comment: string | null,
    at: number,
  ): boolean {
    return Number(this.#answer.run(decision, decision, comment, at, at, id).changes) === 1;
  }

  deleteDraft(id: string): boolean {
    return Number(this.#delete.run(id).changes) === 1;
  }

  /** The counter of `year`, or else the latest year's (the series refuses to go back). */
  counterFor(year: number): (QuoteCounter & { lastIssueDate: string }) | null {
    const row = this.#counter.get(year) ?? this.#lastCounter.get();
    return row
      ? {
          year: Number(row.year),
          sequence: Number(row.last_sequence),
          lastIssueDate: String(row.last_issue_date),
        }
      : null;
  }

  saveCounter(counter: QuoteCounter, issueDate: string): void {
    this.#saveCounter.run(counter.year, counter.sequence, issueDate);
  }

  /** The version that follows this one, if any. */
  newerVersion(id: string): { id: string; status: QuoteStatus } | null {
    const row = this.#newer.get(id);
    return row
      ? { id: String(row.id), status: oneOf<QuoteStatus>(QUOTE_STATUSES, row.status) }
      : null;
  }

  /** The sent quotes whose last valid day is before `today`. */
  overdue(today: string): string[] {
    return this.#overdue.all(today).map((row) => String(row.id));
  }

  get db(): DatabaseSync {
    return this.#db;
  }
}
