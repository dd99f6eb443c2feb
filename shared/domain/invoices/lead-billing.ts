import { formatCentimes } from '../quotes/format.ts';
import type { Centimes } from '../quotes/money.ts';
import { invoiceFigures } from './figures.ts';
import { INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS, type Invoice } from './invoice.ts';

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
 * est payée. » (the payment that settles an invoice says so).
 */
export function leadInvoiceEvents(invoices: readonly Invoice[]): LeadInvoiceEvent[] {
  const events: LeadInvoiceEvent[] = [];
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
    // Each payment, and whether it settled what was left (after the credit notes).
    const credited = invoice.credits.reduce((total, credit) => total + credit.amount, 0n);
    let paid = 0n;
    for (const payment of [...invoice.payments].sort((a, b) => a.recordedAt - b.recordedAt)) {
      paid += payment.amount;
      const settled = credited + paid >= figures.due;
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

/** Whether a lead's invoices are paid: none issued, all paid, or what is left. */
export type LeadPayment =
  { kind: 'none' } | { kind: 'paid'; paid: Centimes } | { kind: 'left'; left: Centimes };

/**
 * Over the lead's invoices (credit notes apart; an invoice cancelled by its credit notes asks
 * nothing) on `today` (ISO day, Algiers): « Payé » when every one is settled, else « Reste à
 * payer » of them all.
 */
export function leadPayment(invoices: readonly Invoice[], today: string): LeadPayment {
  const figures = invoices
    .filter((invoice) => invoice.kind !== 'avoir')
    .map((invoice) => invoiceFigures(invoice, today));
  if (figures.length === 0) return { kind: 'none' };
  const left = figures.reduce((total, each) => total + each.left, 0n);
  if (left > 0n) return { kind: 'left', left };
  return { kind: 'paid', paid: figures.reduce((total, each) => total + each.paid, 0n) };
}

/** « Payé », « Reste à payer : 83 300,00 DA », « Rien de facturé pour l’instant. » */
export function leadPaymentSentence(payment: LeadPayment): string {
  switch (payment.kind) {
    case 'none':
      return 'Rien de facturé pour l’instant.';
    case 'paid':
      return 'Payé';
    case 'left':
      return `Reste à payer : ${da(payment.left)}`;
  }
}
