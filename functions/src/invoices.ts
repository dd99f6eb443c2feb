import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { ownerOf } from './owner-only.ts';
import { FUNCTIONS_REGION } from '../../shared/backend/firebase/console-app-check-protocol.ts';
import {
  INVOICE_COUNTERS_COLLECTION,
  INVOICE_LEDGERS_COLLECTION,
  INVOICES_COLLECTION,
  emptyLedgerOf,
  invoiceCounterDocumentOf,
  invoiceCounterOf,
  invoiceDocumentOf,
  invoiceOfDocuments,
  ledgerWithCredit,
  ledgerWithPayment,
  type InvoiceLedgerDocument,
} from '../../shared/backend/firebase/invoice-documents.ts';
import { CONTACTS_COLLECTION } from '../../shared/backend/firebase/contact-documents.ts';
import {
  QUOTES_COLLECTION,
  quoteOfDocument,
} from '../../shared/backend/firebase/quote-documents.ts';
import { INVOICE_MESSAGES, type Invoice } from '../../shared/domain/invoices/invoice.ts';
import type { InvoiceCounter, InvoiceSeries } from '../../shared/domain/invoices/numbering.ts';
import { invoiceToJson, type InvoiceJson } from '../../shared/domain/invoices/record.ts';
import {
  decideCreditNote,
  decideInvoiceFromQuote,
  decideInvoiceWithoutQuote,
  decidePayment,
  parseCreditNote,
  parseInvoiceFromQuote,
  parsePayment,
  type IssueContext,
} from '../../shared/domain/invoices/rules.ts';
import { isQuoteOverdue, quoteDay } from '../../shared/domain/quotes/rules.ts';
import { sellerOf } from '../../shared/domain/settings/effective.ts';
import { systemClock, type FunctionClock } from './clock.ts';
import { httpsRefusal } from './rule-writes.ts';
import { readSettings } from './settings.ts';

/**
 * Invoices in Firebase mode (docs/invoices.md, « Le mode Firebase »): the three callables that
 * write them, for the signed-in owner only. Each reads what the rule needs inside one Firestore
 * transaction (Admin SDK), asks shared/domain/invoices/rules.ts — the embedded server's rules,
 * never rewritten here — on this function's clock (the server's, never the owner's computer),
 * and writes its answer in that transaction: the number and its series' counter together, so
 * two devices at once never get the same number nor skip one (the second transaction, having
 * read the counter the first wrote, is retried), and a refusal writes nothing and uses up no
 * number. An issued invoice's document is never written again: its payments and credit notes
 * go to its ledger (shared/backend/firebase/invoice-documents.ts).
 */

const OPTIONS = {
  region: FUNCTIONS_REGION,
  enforceAppCheck: false,
  memory: '256MiB',
  maxInstances: 2,
} as const;

function firestore(): Firestore {
  return getFirestore(getApps()[0] ?? initializeApp());
}

function ownerOnly(request: CallableRequest): Record<string, unknown> {
  ownerOf(request.auth);
  return (request.data ?? {}) as Record<string, unknown>;
}

/** A document id the caller named, or the refusal `message` as not found. */
function idOf(value: unknown, message: string): string {
  if (typeof value !== 'string' || value === '' || value.includes('/')) {
    throw new HttpsError('not-found', message);
  }
  return value;
}

const invoiceRef = (db: Firestore, id: string) => db.collection(INVOICES_COLLECTION).doc(id);
const ledgerRef = (db: Firestore, id: string) => db.collection(INVOICE_LEDGERS_COLLECTION).doc(id);
const counterRef = (db: Firestore, series: InvoiceSeries) =>
  db.collection(INVOICE_COUNTERS_COLLECTION).doc(series);

/** An invoice and its ledger, read in `transaction`; null when there is no such invoice. */
async function readInvoice(
  transaction: Transaction,
  db: Firestore,
  id: string,
): Promise<Invoice | null> {
  const [issued, ledger] = await transaction.getAll(invoiceRef(db, id), ledgerRef(db, id));
  if (!issued?.exists) return null;
  return invoiceOfDocuments(id, issued.data(), ledger?.data());
}

/**
 * What every issue needs, read in `transaction` (reads before any write): the series' counter
 * (its latest year) and the agency's legal details of « Réglages » now, frozen into the
 * invoice as the embedded server does.
 */
async function issueContext(
  transaction: Transaction,
  db: Firestore,
  series: InvoiceSeries,
  now: number,
): Promise<IssueContext> {
  const counter = await transaction.get(counterRef(db, series));
  const { settings } = await readSettings(db, transaction);
  return { now, seller: sellerOf(settings), counter: invoiceCounterOf(series, counter.data()) };
}

/** Writes an issued invoice (or credit note) with its empty ledger, and moves its series. */
function writeIssued(
  transaction: Transaction,
  db: Firestore,
  id: string,
  issued: Parameters<typeof invoiceDocumentOf>[0],
  counter: InvoiceCounter,
): void {
  transaction.create(invoiceRef(db, id), invoiceDocumentOf(issued));
  transaction.create(ledgerRef(db, id), emptyLedgerOf(issued));
  transaction.set(counterRef(db, counter.series), invoiceCounterDocumentOf(counter));
}

/**
 * « Facture » for a lead without a quote: `{ leadId, input }` (InvoiceWithoutQuoteInput) → the
 * invoice, numbered in the same series; the lead must be a message of the inbox (`contacts`).
 */
async function issueWithoutQuote(data: Record<string, unknown>, now: number): Promise<InvoiceJson> {
  const leadId = idOf(data.leadId, INVOICE_MESSAGES.leadNotFound);
  const db = firestore();
  const id = invoiceRef(db, randomUUID()).id;
  return db.runTransaction(async (transaction) => {
    const lead = await transaction.get(db.collection(CONTACTS_COLLECTION).doc(leadId));
    const context = await issueContext(transaction, db, 'FAC', now);
    const decision = decideInvoiceWithoutQuote(
      lead.exists ? { id: leadId } : null,
      data.input,
      context,
    );
    if (!decision.ok) throw httpsRefusal(decision);
    writeIssued(transaction, db, id, decision.invoice, decision.counter);
    return invoiceToJson({ ...decision.invoice, id, payments: [], credits: [] });
  });
}

/**
 * « Facture d’acompte » / « Facture de solde » / « Facture » from an accepted quote:
 * `{ quoteId, input }` (InvoiceFromQuoteInput) → the invoice (InvoiceJson), numbered FAC-…;
 * or, given `{ leadId, input }` instead, « Facture » for a lead without a quote.
 */
export function issueInvoiceFunction(clock: FunctionClock = systemClock) {
  return onCall(OPTIONS, async (request): Promise<InvoiceJson> => {
    const data = ownerOnly(request);
    if (data.quoteId === undefined && data.leadId !== undefined) {
      return issueWithoutQuote(data, await clock());
    }
    const quoteId = idOf(data.quoteId, INVOICE_MESSAGES.quoteNotFound);
    const parsed = parseInvoiceFromQuote(data.input);
    if (!parsed.ok) throw httpsRefusal(parsed);
    const now = await clock();
    const db = firestore();
    const id = invoiceRef(db, randomUUID()).id;
    return db.runTransaction(async (transaction) => {
      const stored = await transaction.get(db.collection(QUOTES_COLLECTION).doc(quoteId));
      // The quote's invoices (credit notes too: the rule sorts them), with their ledgers.
      const issued = await transaction.get(
        db.collection(INVOICES_COLLECTION).where('quoteId', '==', quoteId),
      );
      const ledgers = issued.empty
        ? []
        : await transaction.getAll(...issued.docs.map((found) => ledgerRef(db, found.id)));
      const context = await issueContext(transaction, db, 'FAC', now);
      const quote = stored.exists
        ? quoteOfDocument(quoteId, stored.data() ?? {}, {
            today: quoteDay(now),
            seller: context.seller,
          })
        : null;
      if (quote === null) throw new HttpsError('not-found', INVOICE_MESSAGES.quoteNotFound);
      const invoices = issued.docs
        .map((found, index) => invoiceOfDocuments(found.id, found.data(), ledgers[index]?.data()))
        .filter((invoice): invoice is Invoice => invoice !== null);
      const decision = decideInvoiceFromQuote(
        // A sent quote past its last valid day is expired, as the embedded server marks it
        // before deciding (the quote's own document is the quotes' to change).
        isQuoteOverdue(quote, now) ? { ...quote, status: 'expire' } : quote,
        parsed.request,
        invoices,
        context,
      );
      if (!decision.ok) throw httpsRefusal(decision);
      writeIssued(transaction, db, id, decision.invoice, decision.counter);
      return invoiceToJson({ ...decision.invoice, id, payments: [], credits: [] });
    });
  });
}

/**
 * « Facture d’avoir » against an issued invoice: `{ invoiceId, input }` (CreditNoteInput) → the
 * credit note (InvoiceJson), numbered AV-…; the invoice's ledger lists it.
 */
export function issueCreditNoteFunction(clock: FunctionClock = systemClock) {
  return onCall(OPTIONS, async (request): Promise<InvoiceJson> => {
    const data = ownerOnly(request);
    const invoiceId = idOf(data.invoiceId, INVOICE_MESSAGES.notFound);
    const parsed = parseCreditNote(data.input);
    if (!parsed.ok) throw httpsRefusal(parsed);
    const now = await clock();
    const db = firestore();
    const id = invoiceRef(db, randomUUID()).id;
    return db.runTransaction(async (transaction) => {
      const invoice = await readInvoice(transaction, db, invoiceId);
      if (invoice === null) throw new HttpsError('not-found', INVOICE_MESSAGES.notFound);
      const context = await issueContext(transaction, db, 'AV', now);
      const decision = decideCreditNote(invoice, parsed.request, context);
      if (!decision.ok) throw httpsRefusal(decision);
      writeIssued(transaction, db, id, decision.invoice, decision.counter);
      const credit = {
        invoiceId: id,
        number: decision.invoice.number,
        issueDate: decision.invoice.issueDate,
        amount: decision.amount,
      };
      transaction.set(ledgerRef(db, invoiceId), ledgerWithCredit(ledgerOf(invoice), credit));
      return invoiceToJson({ ...decision.invoice, id, payments: [], credits: [] });
    });
  });
}

/** « Enregistrer un paiement »: `{ invoiceId, input }` (PaymentInput) → the invoice (InvoiceJson). */
export function recordInvoicePaymentFunction(clock: FunctionClock = systemClock) {
  return onCall(OPTIONS, async (request): Promise<InvoiceJson> => {
    const data = ownerOnly(request);
    const invoiceId = idOf(data.invoiceId, INVOICE_MESSAGES.notFound);
    const parsed = parsePayment(data.input);
    if (!parsed.ok) throw httpsRefusal(parsed);
    const now = await clock();
    const db = firestore();
    return db.runTransaction(async (transaction) => {
      const invoice = await readInvoice(transaction, db, invoiceId);
      if (invoice === null) throw new HttpsError('not-found', INVOICE_MESSAGES.notFound);
      const decision = decidePayment(invoice, parsed.request, now);
      if (!decision.ok) throw httpsRefusal(decision);
      // A repeated request (a retry after a timeout): recorded already, nothing written.
      if (decision.repeated) return invoiceToJson(invoice);
      const ledger = ledgerWithPayment(ledgerOf(invoice), {
        ...decision.payment,
        id: randomUUID(),
      });
      transaction.set(ledgerRef(db, invoiceId), ledger);
      const paid = invoiceOfDocuments(invoiceId, invoiceDocumentOf(invoice), ledger);
      if (paid === null) throw new HttpsError('internal', INVOICE_MESSAGES.notFound);
      return invoiceToJson(paid);
    });
  });
}

/** An invoice's ledger as stored: its lead, payments and credits. */
function ledgerOf(invoice: Invoice): InvoiceLedgerDocument {
  const { leadId, payments, credits } = invoiceToJson(invoice);
  return { leadId, payments, credits };
}
