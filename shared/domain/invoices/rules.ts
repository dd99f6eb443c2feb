import { formatCentimes } from '../quotes/format.ts';
import { divideRoundHalfUp, type Centimes } from '../quotes/money.ts';
import type { Quote } from '../quotes/record.ts';
import { quoteTotals } from '../quotes/record.ts';
import { quoteDay } from '../quotes/rules.ts';
import type { SellerLegalDetails, TaxRegime } from '../quotes/seller.ts';
import { computeQuoteTotals } from '../quotes/totals.ts';
import { stampDuty, stampDutyScaleFor } from '../quotes/stamp-duty.ts';
import { validUntil } from '../quotes/validity.ts';
import { invoiceIssuingRefusal } from '../settings/mentions.ts';
import {
  creditDesignation,
  depositDesignation,
  formatPercent,
  invoiceFigures,
  ratePartsOf,
  shareLines,
  type InvoiceFigures,
} from './figures.ts';
import {
  INVOICE_MESSAGES,
  creditNoteInputSchema,
  invoiceFieldErrors,
  invoiceFromQuoteSchema,
  invoiceWithoutQuoteSchemaFor,
  paymentInputSchema,
  type CreditNoteRequest,
  type Invoice,
  type InvoiceFromQuoteRequest,
  type InvoiceWithoutQuoteRequest,
  type Payment,
  type PaymentRequest,
} from './invoice.ts';
import { nextInvoiceNumber, type InvoiceCounter, type InvoiceSeries } from './numbering.ts';

/**
 * The decisions about invoices, once for every backend (docs/architecture.md, « Une règle, un
 * endroit »): each takes the records and the time, and answers what to write or why not, in
 * French. The stores only read their records, call these, and write the answer in one
 * transaction.
 */

export interface InvoiceRefused {
  ok: false;
  /** `not-found` (404), `refused` (409: not now), `invalid-input` (400: fix a field). */
  kind: 'not-found' | 'refused' | 'invalid-input';
  message: string;
  fields?: Record<string, string>;
}
export type InvoiceRule<T> = ({ ok: true } & T) | InvoiceRefused;

const refused = (message: string): InvoiceRefused => ({ ok: false, kind: 'refused', message });
const invalid = (fields: Record<string, string>): InvoiceRefused => ({
  ok: false,
  kind: 'invalid-input',
  message: 'Vérifiez les champs signalés.',
  fields,
});

/** An invoice as it is written at issue: everything but its id, payments and credits. */
export type IssuedInvoice = Omit<Invoice, 'id' | 'payments' | 'credits'>;

export interface IssueDecision {
  invoice: IssuedInvoice;
  /** The series' counter to keep. */
  counter: InvoiceCounter;
}

/** What every issue needs: the time, the agency's details now (frozen), the series' counter. */
export interface IssueContext {
  now: number;
  seller: SellerLegalDetails;
  /** The counter of the series (`FAC` or `AV`) for `now`'s year, else its latest; null: none yet. */
  counter: InvoiceCounter | null;
}

function numbered(
  series: InvoiceSeries,
  context: IssueContext,
): InvoiceRule<{ number: string; counter: InvoiceCounter; day: string }> {
  const day = quoteDay(context.now);
  const missing = invoiceIssuingRefusal(context.seller);
  if (missing !== null) return refused(missing);
  const next = nextInvoiceNumber(series, context.counter, day);
  if (!next.ok) return refused(next.error);
  return { ok: true, number: next.number, counter: next.counter, day };
}

/** The parse of the owner's request for an invoice from a quote, or its refusals per field. */
export function parseInvoiceFromQuote(
  input: unknown,
): InvoiceRule<{ request: InvoiceFromQuoteRequest }> {
  const parsed = invoiceFromQuoteSchema.safeParse(input);
  if (!parsed.success) return invalid(invoiceFieldErrors(parsed.error.issues));
  return { ok: true, request: parsed.data };
}

/** What a quote has already been invoiced: its issued invoices (not credit notes) and their figures. */
export interface QuoteInvoiced {
  /** The deposits not cancelled, with their figures. */
  deposits: { invoice: Invoice; figures: InvoiceFigures }[];
  /** Whether a whole or final invoice not cancelled exists. */
  closed: boolean;
}

/** Sorts a quote's invoices (figures on `today`): the live deposits, and whether it is invoiced in full. */
export function quoteInvoiced(invoices: readonly Invoice[], today: string): QuoteInvoiced {
  const live = invoices
    .filter((invoice) => invoice.kind !== 'avoir')
    .map((invoice) => ({ invoice, figures: invoiceFigures(invoice, today) }))
    .filter(({ figures }) => figures.status !== 'annulee');
  return {
    deposits: live.filter(({ invoice }) => invoice.kind === 'acompte'),
    closed: live.some(({ invoice }) => invoice.kind === 'solde' || invoice.kind === 'facture'),
  };
}

/**
 * What is left to invoice of `quote` (TTC), `invoiced` being its invoices issued (figures on
 * `today`): nothing once a whole or final invoice not cancelled exists, else its total less the
 * live deposits. The limit of a new deposit, and what keeps a lead from « Payé » while its
 * accepted quote still has a final invoice to come (lead-billing.ts).
 */
export function quoteLeftToInvoice(
  quote: Pick<Quote, 'lines' | 'seller' | 'stampDutyScale'>,
  invoiced: readonly Invoice[] | QuoteInvoiced,
  today: string,
): Centimes {
  const already = 'closed' in invoiced ? invoiced : quoteInvoiced(invoiced, today);
  if (already.closed) return 0n;
  const totals = quoteTotals({ ...quote, paidInCash: false });
  const depositsTTC = already.deposits.reduce((total, { figures }) => total + figures.due, 0n);
  return totals.totalTTC > depositsTTC ? totals.totalTTC - depositsTTC : 0n;
}

/**
 * « Facture d’acompte », « Facture de solde » or « Facture » from `quote` at `context.now`,
 * `invoiced` being the quote's invoices already issued. Refused unless the quote is accepted;
 * when it is already invoiced in full; a whole invoice after a deposit (make the final one), a
 * final one without any deposit (make a whole one); a deposit above what is left to invoice of
 * the quote. The invoice takes the quote's client, language and lines (a deposit: one line per
 * TVA rate, its share of each), the agency's details of the day and the stamp scale of the day.
 */
export function decideInvoiceFromQuote(
  quote: Quote,
  request: InvoiceFromQuoteRequest,
  invoiced: readonly Invoice[],
  context: IssueContext,
): InvoiceRule<IssueDecision> {
  switch (quote.status) {
    case 'accepte':
      break;
    case 'refuse':
      return refused(INVOICE_MESSAGES.quoteRefused);
    case 'expire':
      return refused(INVOICE_MESSAGES.quoteExpired);
    case 'remplace':
      return refused(INVOICE_MESSAGES.quoteReplaced);
    default:
      return refused(INVOICE_MESSAGES.quoteNotAccepted);
  }
  const today = quoteDay(context.now);
  const already = quoteInvoiced(invoiced, today);
  if (already.closed) return refused(INVOICE_MESSAGES.alreadyInvoiced);
  const totals = quoteTotals({ ...quote, paidInCash: false });
  const regime = quote.seller.taxRegime;
  if (request.kind === 'facture' && already.deposits.length > 0) {
    return refused(INVOICE_MESSAGES.wholeAfterDeposit);
  }
  if (request.kind === 'solde' && already.deposits.length === 0) {
    return refused(INVOICE_MESSAGES.noDeposit);
  }
  const quoteNumber = quote.number ?? '';
  let lines = quote.lines;
  if (request.kind === 'acompte') {
    const share = request.share;
    if (share === null) return invalid({ percent: INVOICE_MESSAGES.depositNeither });
    const target =
      share.kind === 'percent'
        ? divideRoundHalfUp(totals.totalTTC * share.basisPoints, 10_000n)
        : share.amount;
    if (share.kind === 'percent' && share.basisPoints > 10_000n) {
      return invalid({ percent: INVOICE_MESSAGES.depositOver100 });
    }
    if (target > totals.totalTTC) {
      return invalid({ amount: INVOICE_MESSAGES.depositOver100 });
    }
    const leftToInvoice = quoteLeftToInvoice(quote, already, today);
    if (target > leftToInvoice) {
      const field = share.kind === 'percent' ? 'percent' : 'amount';
      return invalid({ [field]: INVOICE_MESSAGES.depositOverTotal(leftToInvoice) });
    }
    if (target <= 0n) return invalid({ percent: INVOICE_MESSAGES.depositZero });
    const percent = share.kind === 'percent' ? formatPercent(share.basisPoints) : null;
    lines = shareLines(
      ratePartsOf(totals, regime),
      totals.totalTTC,
      target,
      regime,
      (rate, several) => depositDesignation(quote.language, quoteNumber, percent, rate, several),
      quote.language === 'ar' ? 'دفعة' : 'forfait',
    );
  }
  const number = numbered('FAC', context);
  if (!number.ok) return number;
  return {
    ok: true,
    counter: number.counter,
    invoice: {
      leadId: quote.leadId,
      kind: request.kind,
      number: number.number,
      quoteId: quote.id,
      quoteNumber: quote.number,
      share: request.kind === 'acompte' ? request.share : null,
      deductions:
        request.kind === 'solde'
          ? already.deposits.map(({ invoice, figures }) => ({
              invoiceId: invoice.id,
              number: invoice.number,
              issueDate: invoice.issueDate,
              totalHT: figures.totals.totalHT,
              vat: figures.totals.vat,
              totalTTC: figures.totals.totalTTC,
            }))
          : [],
      corrects: null,
      reason: '',
      language: quote.language,
      client: quote.client,
      lines: [...lines],
      paymentMethod: request.paymentMethod,
      issueDate: number.day,
      dueDate: request.dueDays === 0 ? number.day : validUntil(number.day, request.dueDays),
      seller: context.seller,
      stampDutyScale: stampDutyScaleFor(number.day),
      issuedAt: context.now,
    },
  };
}

/**
 * The parse of « Facture » for a lead without a quote, for the agency's `regime` (the TVA rates
 * it allows), or its refusals per field (`client.address`, `lines.0.unitPrice`…).
 */
export function parseInvoiceWithoutQuote(
  input: unknown,
  regime: TaxRegime,
): InvoiceRule<{ request: InvoiceWithoutQuoteRequest }> {
  const parsed = invoiceWithoutQuoteSchemaFor(regime).safeParse(input);
  if (!parsed.success) return invalid(invoiceFieldErrors(parsed.error.issues));
  return { ok: true, request: parsed.data };
}

/**
 * « Facture » for `lead` (null: not, or no longer, in the inbox) without a quote, at
 * `context.now`: the owner's lines and client, checked for the agency's regime of the day (the
 * one frozen into the invoice); refused when it asks nothing. Numbered in the same series as
 * the invoices from a quote.
 */
export function decideInvoiceWithoutQuote(
  lead: { id: string } | null,
  input: unknown,
  context: IssueContext,
): InvoiceRule<IssueDecision> {
  if (lead === null)
    return { ok: false, kind: 'not-found', message: INVOICE_MESSAGES.leadNotFound };
  const regime = context.seller.taxRegime;
  const parsed = parseInvoiceWithoutQuote(input, regime);
  if (!parsed.ok) return parsed;
  const { request } = parsed;
  const totals = computeQuoteTotals(request.lines, { regime, paidInCash: false });
  if (totals.totalTTC <= 0n) return invalid({ lines: INVOICE_MESSAGES.nothingToInvoice });
  const number = numbered('FAC', context);
  if (!number.ok) return number;
  return {
    ok: true,
    counter: number.counter,
    invoice: {
      leadId: lead.id,
      kind: 'facture',
      number: number.number,
      quoteId: null,
      quoteNumber: null,
      share: null,
      deductions: [],
      corrects: null,
      reason: '',
      language: request.language,
      client: request.client,
      lines: request.lines,
      paymentMethod: request.paymentMethod,
      issueDate: number.day,
      dueDate: request.dueDays === 0 ? number.day : validUntil(number.day, request.dueDays),
      seller: context.seller,
      stampDutyScale: stampDutyScaleFor(number.day),
      issuedAt: context.now,
    },
  };
}

/** The parse of a credit note's request, or its refusals per field. */
export function parseCreditNote(input: unknown): InvoiceRule<{ request: CreditNoteRequest }> {
  const parsed = creditNoteInputSchema.safeParse(input);
  if (!parsed.success) return invalid(invoiceFieldErrors(parsed.error.issues));
  return { ok: true, request: parsed.data };
}

/**
 * « Facture d’avoir » against `invoice` at `context.now`: the amount asked (null: all that is
 * not credited yet), at most the invoice's amount less its earlier credit notes; its lines
 * take that share of each TVA rate of the invoice. The invoice, credited in full, becomes
 * « Annulée »; in part, its « Reste à payer » goes down.
 */
export function decideCreditNote(
  invoice: Invoice,
  request: CreditNoteRequest,
  context: IssueContext,
): InvoiceRule<IssueDecision & { amount: Centimes }> {
  if (invoice.kind === 'avoir') return refused(INVOICE_MESSAGES.creditOfCreditNote);
  const figures = invoiceFigures(invoice, quoteDay(context.now));
  const creditable = figures.due - figures.credited;
  if (creditable <= 0n) return refused(INVOICE_MESSAGES.creditNothingLeft);
  const amount = request.amount ?? creditable;
  if (amount <= 0n) return invalid({ amount: INVOICE_MESSAGES.creditZero });
  if (amount > creditable)
    return invalid({ amount: INVOICE_MESSAGES.creditOverInvoice(creditable) });
  const regime = invoice.seller.taxRegime;
  // What is credited is taken from what the invoice asks, rate by rate (a final invoice: its
  // TVA after the deposits); outside the réel, HT is TTC.
  const parts =
    regime.kind === 'reel' && figures.vatDue.length > 0
      ? figures.vatDue.map((entry) => ({ rate: entry.rate, base: entry.base }))
      : [{ rate: 0 as const, base: figures.due }];
  const lines = shareLines(
    parts,
    figures.due,
    amount,
    regime,
    (rate, several) =>
      creditDesignation(invoice.language, invoice.number, request.reason, rate, several),
    invoice.language === 'ar' ? 'تخفيض' : 'forfait',
  );
  const number = numbered('AV', context);
  if (!number.ok) return number;
  return {
    ok: true,
    amount,
    counter: number.counter,
    invoice: {
      leadId: invoice.leadId,
      kind: 'avoir',
      number: number.number,
      quoteId: invoice.quoteId,
      quoteNumber: invoice.quoteNumber,
      share: null,
      deductions: [],
      corrects: { invoiceId: invoice.id, number: invoice.number, issueDate: invoice.issueDate },
      reason: request.reason,
      language: invoice.language,
      client: invoice.client,
      lines,
      paymentMethod: null,
      issueDate: number.day,
      dueDate: number.day,
      seller: context.seller,
      stampDutyScale: stampDutyScaleFor(number.day),
      issuedAt: context.now,
    },
  };
}

/** The parse of « Enregistrer un paiement », or its refusals per field. */
export function parsePayment(input: unknown): InvoiceRule<{ request: PaymentRequest }> {
  const parsed = paymentInputSchema.safeParse(input);
  if (!parsed.success) return invalid(invoiceFieldErrors(parsed.error.issues));
  return { ok: true, request: parsed.data };
}

/**
 * « Enregistrer un paiement » on `invoice` at `now`: refused on a credit note, a cancelled or
 * paid invoice, a day to come (Algiers), or above « Reste à payer ». In cash, the payment bears
 * the droit de timbre of its amount, on the scale of its day (the client pays it on top; it
 * settles nothing of the invoice).
 *
 * A request whose id a payment of the invoice already has (the owner retrying after a timeout,
 * the first attempt recorded) is `repeated`: that payment, nothing to write, whatever the
 * invoice has become since (paid by it, say). The backends decide it in the transaction that
 * would write the payment, so that two attempts at once record one.
 */
export function decidePayment(
  invoice: Invoice,
  request: PaymentRequest,
  now: number,
): InvoiceRule<
  { repeated: false; payment: Omit<Payment, 'id'> } | { repeated: true; payment: Payment }
> {
  const first =
    request.requestId === undefined
      ? undefined
      : invoice.payments.find((payment) => payment.requestId === request.requestId);
  if (first) return { ok: true, repeated: true, payment: first };
  if (invoice.kind === 'avoir') return refused(INVOICE_MESSAGES.paymentOnCreditNote);
  const today = quoteDay(now);
  const figures = invoiceFigures(invoice, today);
  if (figures.status === 'annulee') return refused(INVOICE_MESSAGES.paymentOnCancelled);
  if (figures.left === 0n) return refused(INVOICE_MESSAGES.paymentNothingLeft);
  if (request.date > today) return invalid({ date: INVOICE_MESSAGES.paymentFuture });
  if (request.amount > figures.left) {
    return invalid({ amount: INVOICE_MESSAGES.paymentOverLeft(figures.left) });
  }
  return {
    ok: true,
    repeated: false,
    payment: {
      date: request.date,
      amount: request.amount,
      stampDuty:
        request.method === 'especes'
          ? stampDuty(request.amount, stampDutyScaleFor(request.date))
          : 0n,
      method: request.method,
      reference: request.reference,
      recordedAt: now,
      ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
    },
  };
}

/** « Reste à payer : 12 000,00 DA » for a screen. */
export const leftToPaySentence = (left: Centimes) => `Reste à payer : ${formatCentimes(left)} DA`;
