import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { Invoice, Payment } from '../../shared/domain/invoices/invoice.ts';
import { PAYMENT_METHODS } from '../../shared/domain/invoices/invoice.ts';
import type { InvoiceCounter, InvoiceSeries } from '../../shared/domain/invoices/numbering.ts';
import {
  issuedInvoiceFromJson,
  issuedInvoiceJsonSchema,
  issuedInvoiceToJson,
} from '../../shared/domain/invoices/record.ts';
import type { IssuedInvoice } from '../../shared/domain/invoices/rules.ts';

type Row = Record<string, SQLOutputValue>;

function method(value: SQLOutputValue | undefined): Payment['method'] {
  const found = PAYMENT_METHODS.find((candidate) => candidate === value);
  // The table's CHECK constraint lets no other value in.
  if (found === undefined) throw new Error(`Mode de paiement inconnu en base : ${String(value)}`);
  return found;
}

/**
 * All SQL about invoices (migration 023): the issued invoices (a frozen JSON document and the
 * columns the queries need), their payments, and the per-series, per-year counters. Its
 * writes run inside the service's transactions (src-server/invoices/invoice-book.ts).
 */
export class InvoicesRepository {
  readonly #all: StatementSync;
  readonly #byContact: StatementSync;
  readonly #byQuote: StatementSync;
  readonly #get: StatementSync;
  readonly #pastDue: StatementSync;
  readonly #payments: StatementSync;
  readonly #allPayments: StatementSync;
  readonly #credits: StatementSync;
  readonly #allCredits: StatementSync;
  readonly #insert: StatementSync;
  readonly #insertPayment: StatementSync;
  readonly #counter: StatementSync;
  readonly #lastCounter: StatementSync;
  readonly #saveCounter: StatementSync;
  readonly #lead: StatementSync;

  constructor(db: DatabaseSync) {
    const columns = 'id, document_json';
    this.#all = db.prepare(
      `SELECT ${columns} FROM invoices ORDER BY issued_at_ms DESC, rowid DESC`,
    );
    this.#byContact = db.prepare(
      `SELECT ${columns} FROM invoices WHERE contact_id = ? ORDER BY issued_at_ms DESC, rowid DESC`,
    );
    this.#byQuote = db.prepare(
      `SELECT ${columns} FROM invoices WHERE quote_id = ? ORDER BY issued_at_ms, rowid`,
    );
    this.#get = db.prepare(`SELECT ${columns} FROM invoices WHERE id = ?`);
    // A lead of the inbox (not spam), as the quotes' drafts ask for one.
    this.#lead = db.prepare('SELECT id FROM contacts WHERE id = ? AND spam_reason IS NULL');
    this.#pastDue = db.prepare(
      `SELECT ${columns} FROM invoices WHERE kind != 'avoir' AND due_date < ?
       ORDER BY due_date, rowid`,
    );
    this.#payments = db.prepare(
      'SELECT * FROM invoice_payments WHERE invoice_id = ? ORDER BY date, recorded_at_ms, rowid',
    );
    this.#allPayments = db.prepare(
      'SELECT * FROM invoice_payments ORDER BY date, recorded_at_ms, rowid',
    );
    const credits = `SELECT id, corrects_id, number, issue_date, credit_centimes FROM invoices
      WHERE kind = 'avoir'`;
    this.#credits = db.prepare(`${credits} AND corrects_id = ? ORDER BY issued_at_ms, rowid`);
    this.#allCredits = db.prepare(`${credits} ORDER BY issued_at_ms, rowid`);
    this.#insert = db.prepare(
      `INSERT INTO invoices (id, contact_id, quote_id, kind, number, issue_date, due_date,
        corrects_id, credit_centimes, document_json, issued_at_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#insertPayment = db.prepare(
      `INSERT INTO invoice_payments (id, invoice_id, date, amount_centimes, stamp_duty_centimes,
        method, reference, recorded_at_ms, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#counter = db.prepare('SELECT * FROM invoice_counters WHERE series = ? AND year = ?');
    this.#lastCounter = db.prepare(
      'SELECT * FROM invoice_counters WHERE series = ? ORDER BY year DESC LIMIT 1',
    );
    this.#saveCounter = db.prepare(
      `INSERT INTO invoice_counters (series, year, last_sequence, last_issue_date)
       VALUES (?, ?, ?, ?)
       ON CONFLICT (series, year) DO UPDATE SET last_sequence = excluded.last_sequence,
         last_issue_date = excluded.last_issue_date`,
    );
  }

  #toPayment(row: Row): Payment {
    return {
      id: String(row.id),
      date: String(row.date),
      amount: BigInt(Number(row.amount_centimes)),
      stampDuty: BigInt(Number(row.stamp_duty_centimes)),
      method: method(row.method),
      reference: String(row.reference),
      recordedAt: Number(row.recorded_at_ms),
      ...(row.request_id == null ? {} : { requestId: String(row.request_id) }),
    };
  }

  #toCredit(row: Row): Invoice['credits'][number] {
    return {
      invoiceId: String(row.id),
      number: String(row.number),
      issueDate: String(row.issue_date),
      amount: BigInt(Number(row.credit_centimes)),
    };
  }

  #toInvoice(
    row: Row,
    payments: (id: string) => Payment[],
    credits: (id: string) => Invoice['credits'],
  ): Invoice {
    const id = String(row.id);
    const document = issuedInvoiceJsonSchema.parse(JSON.parse(String(row.document_json)));
    return {
      ...issuedInvoiceFromJson(document),
      id,
      payments: payments(id),
      credits: credits(id),
    };
  }

  #one(row: Row): Invoice {
    return this.#toInvoice(
      row,
      (id) => this.#payments.all(id).map((r) => this.#toPayment(r)),
      (id) => this.#credits.all(id).map((r) => this.#toCredit(r)),
    );
  }

  /** Many invoices: their payments and credits read in one query each. */
  #many(rows: Row[]): Invoice[] {
    const payments = new Map<string, Payment[]>();
    for (const row of this.#allPayments.all()) {
      const key = String(row.invoice_id);
      payments.set(key, [...(payments.get(key) ?? []), this.#toPayment(row)]);
    }
    const credits = new Map<string, Invoice['credits']>();
    for (const row of this.#allCredits.all()) {
      const key = String(row.corrects_id);
      credits.set(key, [...(credits.get(key) ?? []), this.#toCredit(row)]);
    }
    return rows.map((row) =>
      this.#toInvoice(
        row,
        (id) => payments.get(id) ?? [],
        (id) => credits.get(id) ?? [],
      ),
    );
  }

  list(leadId?: string): Invoice[] {
    return this.#many(leadId === undefined ? this.#all.all() : this.#byContact.all(leadId));
  }

  /**
   * The invoices (not credit notes) whose due date is before `today` (ISO day, Algiers), with
   * their payments and credits: the candidates of `overdueInvoices`
   * (shared/domain/invoices/overdue.ts), which decides which are « En retard ».
   */
  pastDue(today: string): Invoice[] {
    return this.#pastDue.all(today).map((row) => this.#one(row));
  }

  byQuote(quoteId: string): Invoice[] {
    return this.#byQuote.all(quoteId).map((row) => this.#one(row));
  }

  /** The lead `id` of the inbox, or null when it is not (or no longer) there. */
  lead(id: string): { id: string } | null {
    return this.#lead.get(id) === undefined ? null : { id };
  }

  get(id: string): Invoice | undefined {
    const row = this.#get.get(id);
    return row ? this.#one(row) : undefined;
  }

  insert(id: string, invoice: IssuedInvoice, credit: bigint | null): void {
    this.#insert.run(
      id,
      invoice.leadId,
      invoice.quoteId,
      invoice.kind,
      invoice.number,
      invoice.issueDate,
      invoice.dueDate,
      invoice.corrects?.invoiceId ?? null,
      credit,
      JSON.stringify(issuedInvoiceToJson(invoice)),
      invoice.issuedAt,
    );
  }

  insertPayment(invoiceId: string, payment: Payment): void {
    this.#insertPayment.run(
      payment.id,
      invoiceId,
      payment.date,
      payment.amount,
      payment.stampDuty,
      payment.method,
      payment.reference,
      payment.recordedAt,
      payment.requestId ?? null,
    );
  }

  /** The counter of `series` for `year`, else its latest; null when it never numbered. */
  counterFor(series: InvoiceSeries, year: number): InvoiceCounter | null {
    const row = this.#counter.get(series, year) ?? this.#lastCounter.get(series);
    return row
      ? {
          series,
          year: Number(row.year),
          sequence: Number(row.last_sequence),
          lastIssueDate: String(row.last_issue_date),
        }
      : null;
  }

  saveCounter(counter: InvoiceCounter): void {
    this.#saveCounter.run(counter.series, counter.year, counter.sequence, counter.lastIssueDate);
  }
}
