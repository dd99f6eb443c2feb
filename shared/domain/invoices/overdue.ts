import { z } from 'zod';
import { AGENCY_TIME_ZONE, localDay } from '../leads/business-hours.ts';
import { formatCentimes } from '../quotes/format.ts';
import { quoteClientName } from '../quotes/quote.ts';
import { invoiceFigures } from './figures.ts';
import type { Invoice } from './invoice.ts';

/**
 * « Factures en retard » (issue 46, docs/invoices.md): an issued invoice past its due date with
 * something left to pay is « En retard » (`invoiceStatus`, figures.ts); the owner finds each in
 * the daily digest and « Aujourd’hui », the entry opening the invoice in « Factures ».
 */

/** What the rule reads of an invoice: its figures need its lines, deductions, payments and credits. */
export type OverdueCandidate = Pick<
  Invoice,
  | 'id'
  | 'leadId'
  | 'kind'
  | 'number'
  | 'client'
  | 'lines'
  | 'seller'
  | 'deductions'
  | 'payments'
  | 'credits'
  | 'dueDate'
>;

/**
 * An overdue invoice as the digest names it: its number, its client, its due date and what is
 * left to pay (centimes as a decimal string: the embedded server keeps the digest in its outbox,
 * in JSON, until it is sent).
 */
export const overdueInvoiceSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  number: z.string(),
  client: z.string(),
  /** The last day to pay (ISO, Algiers). */
  dueDate: z.string(),
  /** « Reste à payer », in centimes. */
  left: z.string().regex(/^\d+$/u),
});
export type OverdueInvoice = z.infer<typeof overdueInvoiceSchema>;

/**
 * The issued invoices « En retard » at `nowMs`: a due date before today (calendar days of
 * Algiers, as the invoice's own dates: due on the 26th, late from the 27th at 00:00, so that the
 * morning digest and « Aujourd’hui » list the same invoices all day) and something left to pay.
 * Left out: credit notes, invoices paid or cancelled by their credit notes, and those whose due
 * date is today or later. Oldest due date first, then by number.
 */
export function overdueInvoices(
  invoices: readonly OverdueCandidate[],
  nowMs: number,
  { timeZone = AGENCY_TIME_ZONE } = {},
): OverdueInvoice[] {
  const today = localDay(nowMs, timeZone);
  return invoices
    .flatMap((invoice) => {
      if (invoice.kind === 'avoir' || invoice.dueDate >= today) return [];
      const figures = invoiceFigures(invoice, today);
      if (figures.status !== 'en-retard') return [];
      return [
        {
          id: invoice.id,
          leadId: invoice.leadId,
          number: invoice.number,
          client: quoteClientName(invoice.client),
          dueDate: invoice.dueDate,
          left: figures.left.toString(),
        },
      ];
    })
    .sort((a, b) =>
      a.dueDate === b.dueDate ? a.number.localeCompare(b.number) : a.dueDate < b.dueDate ? -1 : 1,
    );
}

/** The title of the overdue invoices, in the digest and « Aujourd’hui ». */
export const OVERDUE_INVOICES_TITLE = 'Factures en retard de paiement';

/** « 26/11/2026 » from an ISO day. */
export function shortDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** « reste à payer 83 300,00 DA, échue le 26/11/2026 », as the digest and « Aujourd’hui » say it. */
export function overdueInvoiceDetail(invoice: OverdueInvoice): string {
  return `reste à payer ${formatCentimes(BigInt(invoice.left))} DA, échue le ${shortDay(invoice.dueDate)}`;
}
