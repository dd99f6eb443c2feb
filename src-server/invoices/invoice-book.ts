import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { INVOICE_MESSAGES, type Invoice } from '../../shared/domain/invoices/invoice.ts';
import {
  decideCreditNote,
  decideInvoiceFromQuote,
  decideInvoiceWithoutQuote,
  decidePayment,
  parseCreditNote,
  parseInvoiceFromQuote,
  parsePayment,
  type InvoiceRefused,
} from '../../shared/domain/invoices/rules.ts';
import type { Quote } from '../../shared/domain/quotes/record.ts';
import { quoteDay } from '../../shared/domain/quotes/rules.ts';
import type { SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import type { Clock } from '../clock.ts';
import { inTransaction } from '../db/database.ts';
import type { InvoicesRepository } from '../db/invoices-repository.ts';

/** Why an operation on invoices was refused, with the French sentence to answer. */
export class InvoiceRefusal extends Error {
  readonly kind: InvoiceRefused['kind'];
  readonly fields: Record<string, string> | undefined;

  constructor(refused: Omit<InvoiceRefused, 'ok'>) {
    super(refused.message);
    this.name = 'InvoiceRefusal';
    this.kind = refused.kind;
    this.fields = refused.fields;
  }
}

const refusal = (refused: InvoiceRefused) => new InvoiceRefusal(refused);
const notFound = (message: string = INVOICE_MESSAGES.notFound) =>
  new InvoiceRefusal({ kind: 'not-found', message });

export interface InvoiceBookOptions {
  db: DatabaseSync;
  repository: InvoicesRepository;
  clock: Clock;
  /** The agency's legal details as they are now (frozen into each invoice issued). */
  seller: () => SellerLegalDetails;
  /** A quote as the quotes' service completes it, after the overdue ones expired; null: none. */
  quote: (id: string) => Quote | null;
}

/**
 * The invoices of the embedded server (docs/invoices.md, « Le stockage »): each operation is
 * decided by shared/domain/invoices/rules.ts on what this reads inside one SQLite transaction
 * (BEGIN IMMEDIATE: two requests at once are one after the other), and written there with the
 * series' counter: a number is never skipped nor given twice.
 */
export class InvoiceBook {
  readonly #options: InvoiceBookOptions;

  constructor(options: InvoiceBookOptions) {
    this.#options = options;
  }

  get #repository(): InvoicesRepository {
    return this.#options.repository;
  }

  list(leadId?: string): Invoice[] {
    return this.#repository.list(leadId);
  }

  get(id: string): Invoice {
    const invoice = this.#repository.get(id);
    if (!invoice) throw notFound();
    return invoice;
  }

  #context(now: number, series: 'FAC' | 'AV') {
    return {
      now,
      seller: this.#options.seller(),
      counter: this.#repository.counterFor(series, Number(quoteDay(now).slice(0, 4))),
    };
  }

  /** « Facture d’acompte », « Facture de solde » or « Facture » from an accepted quote. */
  issueFromQuote(quoteId: string, input: unknown): Invoice {
    const parsed = parseInvoiceFromQuote(input);
    if (!parsed.ok) throw refusal(parsed);
    // Marks the quotes past their validity « Expiré » first (its own transaction).
    this.#options.quote(quoteId);
    const id = randomUUID();
    inTransaction(this.#options.db, () => {
      const now = this.#options.clock();
      const quote = this.#options.quote(quoteId);
      if (quote === null) throw notFound(INVOICE_MESSAGES.quoteNotFound);
      const decision = decideInvoiceFromQuote(
        quote,
        parsed.request,
        this.#repository.byQuote(quoteId),
        this.#context(now, 'FAC'),
      );
      if (!decision.ok) throw refusal(decision);
      this.#repository.insert(id, decision.invoice, null);
      this.#repository.saveCounter(decision.counter);
    });
    return this.get(id);
  }

  /** « Facture » for a lead without a quote: the owner's lines and client. */
  issueWithoutQuote(leadId: string, input: unknown): Invoice {
    const id = randomUUID();
    inTransaction(this.#options.db, () => {
      const decision = decideInvoiceWithoutQuote(
        this.#repository.lead(leadId),
        input,
        this.#context(this.#options.clock(), 'FAC'),
      );
      if (!decision.ok) throw refusal(decision);
      this.#repository.insert(id, decision.invoice, null);
      this.#repository.saveCounter(decision.counter);
    });
    return this.get(id);
  }

  /** « Facture d’avoir » against an issued invoice: resolves with the credit note. */
  issueCreditNote(invoiceId: string, input: unknown): Invoice {
    const parsed = parseCreditNote(input);
    if (!parsed.ok) throw refusal(parsed);
    const id = randomUUID();
    inTransaction(this.#options.db, () => {
      const now = this.#options.clock();
      const decision = decideCreditNote(
        this.get(invoiceId),
        parsed.request,
        this.#context(now, 'AV'),
      );
      if (!decision.ok) throw refusal(decision);
      this.#repository.insert(id, decision.invoice, decision.amount);
      this.#repository.saveCounter(decision.counter);
    });
    return this.get(id);
  }

  /** « Enregistrer un paiement »: resolves with the invoice and its new payment. */
  recordPayment(invoiceId: string, input: unknown): Invoice {
    const parsed = parsePayment(input);
    if (!parsed.ok) throw refusal(parsed);
    inTransaction(this.#options.db, () => {
      const now = this.#options.clock();
      const decision = decidePayment(this.get(invoiceId), parsed.request, now);
      if (!decision.ok) throw refusal(decision);
      // A repeated request: recorded already, the invoice is answered as it is.
      if (decision.repeated) return;
      this.#repository.insertPayment(invoiceId, { ...decision.payment, id: randomUUID() });
    });
    return this.get(invoiceId);
  }
}
