import { z } from 'zod';
import {
  INVOICE_KINDS,
  type Invoice,
  type InvoiceCredit,
  type Payment,
} from '../../domain/invoices/invoice.ts';
import type { InvoiceCounter, InvoiceSeries } from '../../domain/invoices/numbering.ts';
import {
  invoiceFromJson,
  invoiceJsonSchema,
  issuedInvoiceJsonSchema,
  issuedInvoiceToJson,
  paymentJsonSchema,
  paymentToJson,
  type IssuedInvoiceJson,
  type PaymentJson,
} from '../../domain/invoices/record.ts';
import type { IssuedInvoice } from '../../domain/invoices/rules.ts';

/**
 * Invoices in Firestore (docs/invoices.md, « Le mode Firebase »), written once for the web
 * adapter (firestore-invoices.ts) and the Cloud Functions (functions/src/invoices.ts): no SDK
 * here, only the documents' shape. Only the functions write them (Admin SDK); firestore.rules
 * let the owner read them and no browser write any.
 *
 * - `invoices/{id}`: an issued invoice or credit note, its JSON form without id, payments and
 *   credits (shared/domain/invoices/record.ts, `IssuedInvoiceJson`: amounts as strings of
 *   centimes). Written once at issue, never changed, never deleted (an accounting document:
 *   deleting its message leaves it).
 * - `invoiceLedgers/{id}` (the same id): what is added to it after issue, its `payments` and
 *   the `credits` (credit notes) issued against it, with its `leadId` for the lead's list.
 *   One document, so that a payment and a credit note on one invoice, decided on what the
 *   other wrote, never pass each other (both transactions write it: the second is retried).
 * - `invoiceCounters/{FAC | AV}`: the last number given in that series `{ year, sequence,
 *   lastIssueDate }` (its latest year: a new year starts again at 0001).
 * - `invoiceLinks/{SHA-256 of the token, hex}`: an invoice's client link `{ invoiceId,
 *   createdAt }` (docs/invoices.md, « La page du client »), written by the function
 *   `invoiceOwnerLink` the first time the owner asks it; never the token, never the secret it
 *   is derived with. Admin SDK only: no browser reads or writes it.
 */
export const INVOICES_COLLECTION = 'invoices';
export const INVOICE_LEDGERS_COLLECTION = 'invoiceLedgers';
export const INVOICE_COUNTERS_COLLECTION = 'invoiceCounters';
export const INVOICE_LINKS_COLLECTION = 'invoiceLinks';

/**
 * The fields of `invoices/{id}` the digest's query reads (functions/src/remind-owner.ts): the
 * invoices, not credit notes (`kind`), whose due date (`dueDate`, ISO day) is before today. The
 * composite index (kind, dueDate) is in firestore.indexes.json.
 */
export const INVOICE_KIND_FIELD = 'kind';
export const INVOICE_DUE_DATE_FIELD = 'dueDate';
/** The kinds an overdue invoice can be of: every one but the credit note (`avoir`). */
export const PAYABLE_INVOICE_KINDS = INVOICE_KINDS.filter((kind) => kind !== 'avoir');

/** « Facture d’acompte » / « de solde » / « Facture » from a quote: `{ quoteId, input }` → `InvoiceJson`. */
export const INVOICE_ISSUE_FUNCTION = 'issueInvoice';
/** « Facture d’avoir » against an invoice: `{ invoiceId, input }` → the credit note's `InvoiceJson`. */
export const INVOICE_CREDIT_NOTE_FUNCTION = 'issueCreditNote';
/** « Enregistrer un paiement »: `{ invoiceId, input }` → the invoice's `InvoiceJson`. */
export const INVOICE_PAYMENT_FUNCTION = 'recordInvoicePayment';

/**
 * The owner's side of an invoice's client link: `{ invoiceId, action: 'show' }` → `{ token }`
 * (the same each time); `{ invoiceId, action: 'email', email? }` → `{ token, email: { to, sent,
 * error? } }` (the link e-mailed to `email` or the lead's address).
 */
export const INVOICE_OWNER_LINK_FUNCTION = 'invoiceOwnerLink';
/** The client's page: `{ token }` → the `PublicInvoiceJson` the token opens (public). */
export const INVOICE_LINK_FUNCTION = 'invoiceLink';

/** `invoiceLinks/{hash}`, as stored. */
export interface InvoiceLinkDocument {
  invoiceId: string;
  createdAt: number;
}

/** `invoices/{id}`, as stored. */
export type InvoiceDocument = IssuedInvoiceJson;

const creditJsonSchema = invoiceJsonSchema.shape.credits.element;
export type InvoiceCreditJson = z.infer<typeof creditJsonSchema>;

export const invoiceLedgerSchema = z.object({
  leadId: z.string(),
  payments: z.array(paymentJsonSchema),
  credits: z.array(creditJsonSchema),
});
/** `invoiceLedgers/{id}`, as stored. */
export type InvoiceLedgerDocument = z.infer<typeof invoiceLedgerSchema>;

/** `invoiceCounters/{series}`, as stored. */
export interface InvoiceCounterDocument {
  year: number;
  sequence: number;
  lastIssueDate: string;
}

/** The document of an invoice just issued. */
export function invoiceDocumentOf(invoice: IssuedInvoice): InvoiceDocument {
  return issuedInvoiceToJson(invoice);
}

/** The ledger of an invoice just issued: nothing paid, nothing credited. */
export function emptyLedgerOf(invoice: Pick<IssuedInvoice, 'leadId'>): InvoiceLedgerDocument {
  return { leadId: invoice.leadId, payments: [], credits: [] };
}

/** A ledger with one more payment. */
export function ledgerWithPayment(
  ledger: InvoiceLedgerDocument,
  payment: Payment,
): InvoiceLedgerDocument {
  return { ...ledger, payments: [...ledger.payments, paymentToJson(payment)] };
}

/** A ledger with one more credit note. */
export function ledgerWithCredit(
  ledger: InvoiceLedgerDocument,
  credit: InvoiceCredit,
): InvoiceLedgerDocument {
  return {
    ...ledger,
    credits: [...ledger.credits, { ...credit, amount: credit.amount.toString() }],
  };
}

/**
 * A ledger document read back; absent: nothing recorded yet. One that is there but unreadable
 * throws: read as empty, the invoice would show unpaid, and the next payment or credit note,
 * written over it, would erase those it holds.
 */
export function ledgerOfDocument(
  data: Record<string, unknown> | undefined,
  leadId: string,
): InvoiceLedgerDocument {
  if (data === undefined) return { leadId, payments: [], credits: [] };
  const parsed = invoiceLedgerSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error('Les paiements d’une facture sont illisibles : rien n’est écrit par-dessus.');
  }
  return parsed.data;
}

const byDateThenRecorded = (a: PaymentJson, b: PaymentJson) =>
  a.date.localeCompare(b.date) || a.recordedAt - b.recordedAt;

/**
 * The invoice of its two documents (payments by date, then as recorded; credits as issued);
 * null for a document that is not one.
 */
export function invoiceOfDocuments(
  id: string,
  invoice: Record<string, unknown> | undefined,
  ledger: Record<string, unknown> | undefined,
): Invoice | null {
  const issued = issuedInvoiceJsonSchema.safeParse(invoice);
  if (!issued.success) return null;
  const { payments, credits } = ledgerOfDocument(ledger, issued.data.leadId);
  return invoiceFromJson({
    ...issued.data,
    id,
    payments: [...payments].sort(byDateThenRecorded),
    credits,
  });
}

/** Newest first, as the embedded server lists them; issued in the same millisecond, by number. */
export function newestFirst(a: Invoice, b: Invoice): number {
  return b.issuedAt - a.issuedAt || b.number.localeCompare(a.number);
}

/** A series' counter document read back; null: no number given yet. */
export function invoiceCounterOf(
  series: InvoiceSeries,
  data: Record<string, unknown> | undefined,
): InvoiceCounter | null {
  if (data === undefined) return null;
  const { year, sequence, lastIssueDate } = data;
  if (typeof year !== 'number' || typeof sequence !== 'number') return null;
  if (typeof lastIssueDate !== 'string') return null;
  return { series, year, sequence, lastIssueDate };
}

/** A series' counter as stored (its series is the document's id). */
export function invoiceCounterDocumentOf(counter: InvoiceCounter): InvoiceCounterDocument {
  return { year: counter.year, sequence: counter.sequence, lastIssueDate: counter.lastIssueDate };
}
