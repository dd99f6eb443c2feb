import { invoiceFigures, type InvoiceFigures } from '../../../../shared/domain/invoices/figures.ts';
import {
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type Invoice,
  type InvoiceStatus,
} from '../../../../shared/domain/invoices/invoice.ts';
import type { Centimes } from '../../../../shared/domain/quotes/money.ts';
import { quoteClientName } from '../../../../shared/domain/quotes/quote.ts';
import { formatCentimes, formatQuoteDate } from '../../../quotes/quote-format.ts';
import { csvAmount } from '../quotes/quotes-view.tsx';
import { tableToCsv } from '../inbox/export-csv.ts';

/** « 35 700,00 DA ». */
export const da = (amount: Centimes) => `${formatCentimes(amount)} DA`;
/** « 28 novembre 2026 ». */
export const frenchDay = (iso: string) => formatQuoteDate(iso, 'fr-FR');

/** The badge of each state. */
export const INVOICE_STATUS_BADGES: Record<InvoiceStatus, string> = {
  emise: 'text-bg-primary',
  partielle: 'text-bg-info',
  payee: 'text-bg-success',
  'en-retard': 'text-bg-danger',
  annulee: 'text-bg-secondary',
};

/** An invoice's figures with its owner-facing words, on `today`. */
export interface InvoiceRow {
  invoice: Invoice;
  figures: InvoiceFigures;
  kind: string;
  status: string;
  client: string;
  /** What it asks (a credit note: what it credits, negative in the totals). */
  amount: Centimes;
}

export function invoiceRow(invoice: Invoice, today: string): InvoiceRow {
  const figures = invoiceFigures(invoice, today);
  return {
    invoice,
    figures,
    kind: INVOICE_KIND_LABELS[invoice.kind].fr,
    status: invoice.kind === 'avoir' ? 'Avoir' : INVOICE_STATUS_LABELS[figures.status].fr,
    client: quoteClientName(invoice.client),
    amount: figures.due,
  };
}

/** One month of the « Factures » folder: « facturé », « encaissé », « reste à encaisser ». */
export interface MonthTotals {
  /** `2026-11`. */
  month: string;
  /** « novembre 2026 ». */
  label: string;
  /** The invoices issued that month, less the credit notes issued that month. */
  invoiced: Centimes;
  /** The payments received that month (their stamp duty apart). */
  received: Centimes;
  /** The droits de timbre received with them. */
  stampDuty: Centimes;
  /** What is still to receive of the invoices issued that month. */
  left: Centimes;
}

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * The totals per month, newest first: facturé by date of issue (a credit note counts against
 * its own month), encaissé by date of payment, reste à encaisser of each month's invoices.
 * Over all months, facturé − encaissé = reste à encaisser (nothing paid twice).
 */
export function monthlyTotals(invoices: readonly Invoice[], today: string): MonthTotals[] {
  const months = new Map<string, MonthTotals>();
  const month = (key: string) => {
    let found = months.get(key);
    if (!found) {
      found = {
        month: key,
        label: monthLabel(key),
        invoiced: 0n,
        received: 0n,
        stampDuty: 0n,
        left: 0n,
      };
      months.set(key, found);
    }
    return found;
  };
  for (const invoice of invoices) {
    const figures = invoiceFigures(invoice, today);
    const issued = month(invoice.issueDate.slice(0, 7));
    if (invoice.kind === 'avoir') {
      issued.invoiced -= figures.due;
      continue;
    }
    issued.invoiced += figures.due;
    issued.left += figures.left;
    for (const payment of invoice.payments) {
      const paid = month(payment.date.slice(0, 7));
      paid.received += payment.amount;
      paid.stampDuty += payment.stampDuty;
    }
  }
  return [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
}

/**
 * The CSV for the accountant: one line per invoice (and credit note) and one per payment,
 * amounts as numbers (« 35700,00 »: a decimal comma, no grouping) that a spreadsheet adds up.
 */
export function invoicesToCsv(invoices: readonly Invoice[], today: string): string {
  const rows: string[][] = [];
  const byDate = [...invoices].sort(
    (a, b) => a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number),
  );
  for (const invoice of byDate) {
    const row = invoiceRow(invoice, today);
    const credit = invoice.kind === 'avoir';
    rows.push([
      credit ? 'Avoir' : 'Facture',
      invoice.number,
      row.kind,
      invoice.issueDate,
      credit ? '' : invoice.dueDate,
      row.client,
      invoice.quoteNumber ?? invoice.corrects?.number ?? '',
      csvAmount((credit ? -1n : 1n) * (row.figures.totals.totalHT - sumHT(invoice))),
      csvAmount((credit ? -1n : 1n) * row.figures.vatDue.reduce((sum, e) => sum + e.vat, 0n)),
      csvAmount(credit ? -row.amount : row.amount),
      credit ? '' : csvAmount(row.figures.paid),
      credit ? '' : csvAmount(row.figures.left),
      '',
      '',
      row.status,
    ]);
    for (const payment of invoice.payments) {
      rows.push([
        'Paiement',
        invoice.number,
        PAYMENT_METHOD_LABELS[payment.method].fr,
        payment.date,
        '',
        row.client,
        payment.reference,
        '',
        '',
        '',
        csvAmount(payment.amount),
        '',
        csvAmount(payment.stampDuty),
        csvAmount(payment.amount + payment.stampDuty),
        '',
      ]);
    }
  }
  return tableToCsv(
    [
      'Ligne',
      'Numéro',
      'Type',
      'Date',
      'Échéance',
      'Client',
      'Devis, facture corrigée ou référence',
      'Total HT (DA)',
      'TVA (DA)',
      'Montant TTC (DA)',
      'Payé (DA)',
      'Reste à payer (DA)',
      'Droit de timbre (DA)',
      'Encaissé avec le timbre (DA)',
      'État',
    ],
    rows,
  );
}

/** The HT of the deposits a final invoice deducts (its HT is the quote's less theirs). */
function sumHT(invoice: Invoice): Centimes {
  return invoice.deductions.reduce((sum, deduction) => sum + deduction.totalHT, 0n);
}
