import { localDay } from '../leads/business-hours.ts';
import { formatCentimes } from '../quotes/format.ts';
import type { Centimes } from '../quotes/money.ts';
import type { Quote } from '../quotes/record.ts';
import { invoiceFigures } from './figures.ts';
import { INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS, type Invoice } from './invoice.ts';
import { quoteLeftToInvoice } from './rules.ts';

/**
 * A lead's invoices as its panel tells them (issue 46, docs/invoices.md, « Dans le panneau du
 * contact »): each invoice, credit note and payment in the lead's « Historique », and whether a
 * won lead is paid. Once for every screen (the browser's dashboard, the console).
 */

const da = (amount: Centimes) => `${formatCentimes(amount)} DA`;

/** One line of the lead's timeline told by its invoices. */
export interface LeadInvoiceEvent {
  /** Unique among the lead's events: `facture:<id>`, `paiement:<id>`. */
  id: string;
  /** When it happened (ms): the issue, or the recording of a payment. */
  at: number;
  kind: 'issued' | 'credit-note' | 'payment';
  /** What the timeline says, in French. */
  text: string;
  /** The invoice it is about (a credit note: itself). */
  invoiceId: string;
}

/**
 * The lead's invoices, credit notes and payments, newest first: « Facture d’acompte
 * FAC-2026-0001 émise : 35 700,00 DA », « Facture d’avoir AV-2026-0001 sur FAC-2026-0002 :
 * 19 000,00 DA (motif) », « Paiement de 35 700,00 DA sur FAC-2026-0001 (CCP / BaridiMob) : elle
 * est payée. » (the payment that settled the invoice says so: with the payments before it and
 * the credit notes issued before it, not one that came later).
 */
export function leadInvoiceEvents(invoices: readonly Invoice[]): LeadInvoiceEvent[] {
  const events: LeadInvoiceEvent[] = [];
  // When each credit note was issued (ms), from the lead's own credit notes.
  const issuedAt = new Map(invoices.map((invoice) => [invoice.id, invoice.issuedAt]));
  // A credit issued before `at`: its note's time, or, not among these invoices, its day before
  // the payment's (a credit note of the same day, without its time, is not counted).
  const creditedBefore = (credit: Invoice['credits'][number], at: number) => {
    const time = issuedAt.get(credit.invoiceId);
    return time === undefined ? credit.issueDate < localDay(at) : time <= at;
  };
  for (const invoice of invoices) {
    const label = INVOICE_KIND_LABELS[invoice.kind].fr;
    // What it asks, credits taken apart: the day of issue's figures.
    const figures = invoiceFigures({ ...invoice, payments: [], credits: [] }, invoice.issueDate);
    if (invoice.kind === 'avoir') {
      const reason = invoice.reason.trim();
      events.push({
        id: `facture:${invoice.id}`,
        at: invoice.issuedAt,
        kind: 'credit-note',
        text: `${label} ${invoice.number}${invoice.corrects ? ` sur ${invoice.corrects.number}` : ''} : ${da(figures.totals.totalTTC)}${reason ? ` (${reason})` : ''}`,
        invoiceId: invoice.id,
      });
      continue;
    }
    events.push({
      id: `facture:${invoice.id}`,
      at: invoice.issuedAt,
      kind: 'issued',
      text: `${label} ${invoice.number} émise : ${da(figures.due)}`,
      invoiceId: invoice.id,
    });
    // Each payment, and whether it settled what was left: the payments before it and itself,
    // with the credit notes issued before it (one issued later settles, not this payment).
    let paid = 0n;
    for (const payment of [...invoice.payments].sort((a, b) => a.recordedAt - b.recordedAt)) {
      const before = paid;
      paid += payment.amount;
      const credited = invoice.credits
        .filter((credit) => creditedBefore(credit, payment.recordedAt))
        .reduce((total, credit) => total + credit.amount, 0n);
      const settled = credited + before < figures.due && credited + paid >= figures.due;
      events.push({
        id: `paiement:${payment.id}`,
        at: payment.recordedAt,
        kind: 'payment',
        text: `Paiement de ${da(payment.amount)} sur ${invoice.number} (${PAYMENT_METHOD_LABELS[payment.method].fr})${settled ? ' : elle est payée.' : ''}`,
        invoiceId: invoice.id,
      });
    }
  }
  return events.sort((a, b) => b.at - a.at);
}

/**
 * Whether a lead's invoices are paid: none issued, all paid, or what is left to pay of the
 * invoices issued (`left`) and to invoice of its accepted quotes (`toInvoice`).
 */
export type LeadPayment =
  | { kind: 'none' }
  | { kind: 'paid'; paid: Centimes }
  | { kind: 'left'; left: Centimes; toInvoice: Centimes };

/**
 * Over the lead's invoices (credit notes apart; an invoice cancelled by its credit notes asks
 * nothing) on `today` (ISO day, Algiers): « Payé » when every one is settled and its accepted
 * quotes (`quotes`: the lead's, any status) have nothing left to invoice (a paid deposit whose
 * final invoice is not issued yet is not « Payé »), else what is left to pay and to invoice.
 */
export function leadPayment(
  invoices: readonly Invoice[],
  today: string,
  quotes: readonly Pick<Quote, 'id' | 'status' | 'lines' | 'seller' | 'stampDutyScale'>[] = [],
): LeadPayment {
  const issued = invoices.filter((invoice) => invoice.kind !== 'avoir');
  if (issued.length === 0) return { kind: 'none' };
  const figures = issued.map((invoice) => invoiceFigures(invoice, today));
  const left = figures.reduce((total, each) => total + each.left, 0n);
  const toInvoice = quotes
    .filter((quote) => quote.status === 'accepte')
    .reduce(
      (total, quote) =>
        total +
        quoteLeftToInvoice(
          quote,
          issued.filter((invoice) => invoice.quoteId === quote.id),
          today,
        ),
      0n,
    );
  if (left > 0n || toInvoice > 0n) return { kind: 'left', left, toInvoice };
  return { kind: 'paid', paid: figures.reduce((total, each) => total + each.paid, 0n) };
}

/**
 * « Payé », « Reste à payer : 83 300,00 DA », « Reste à payer : 10 000,00 DA ; reste à
 * facturer : 83 300,00 DA », « Reste à facturer : 83 300,00 DA (ce qui est facturé est payé) »,
 * « Rien de facturé pour l’instant. »
 */
export function leadPaymentSentence(payment: LeadPayment): string {
  switch (payment.kind) {
    case 'none':
      return 'Rien de facturé pour l’instant.';
    case 'paid':
      return 'Payé';
    case 'left':
      if (payment.toInvoice === 0n) return `Reste à payer : ${da(payment.left)}`;
      if (payment.left === 0n) {
        return `Reste à facturer : ${da(payment.toInvoice)} (ce qui est facturé est payé)`;
      }
      return `Reste à payer : ${da(payment.left)} ; reste à facturer : ${da(payment.toInvoice)}`;
  }
}
