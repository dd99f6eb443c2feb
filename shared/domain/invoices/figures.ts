import type { Centimes } from '../quotes/money.ts';
import { divideRoundHalfUp } from '../quotes/money.ts';
import type { QuoteLanguage, QuoteLine } from '../quotes/quote.ts';
import type { TaxRegime, VatRate } from '../quotes/seller.ts';
import { computeQuoteTotals, type QuoteTotals, type VatTotal } from '../quotes/totals.ts';
import type { Invoice, InvoiceStatus } from './invoice.ts';

/**
 * An invoice's figures, from its lines by the quotes' own totals (`computeQuoteTotals`: HT per
 * line, TVA once per rate, TTC), its deductions, payments and credit notes. Nothing here is
 * stored: the state and « Reste à payer » are derived each time, so they never disagree with
 * the payments.
 */
export interface InvoiceFigures {
  /** The lines' totals (no droit de timbre: that is each cash payment's, figures below). */
  totals: QuoteTotals;
  /** The deposits deducted (a final invoice), TTC. */
  deducted: Centimes;
  /** The TVA per rate after the deductions (the final invoice's TVA due). */
  vatDue: VatTotal[];
  /** What the invoice asks: TTC less the deposits deducted. */
  due: Centimes;
  /** The credit notes issued against it. */
  credited: Centimes;
  /** The payments received (their stamp duties apart). */
  paid: Centimes;
  /** The droits de timbre paid with its cash payments. */
  stampDuty: Centimes;
  /** « Reste à payer »: due less credited less paid, never below zero. */
  left: Centimes;
  status: InvoiceStatus;
}

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

/** The lines' totals by the invoice's frozen regime. */
export function invoiceTotals(invoice: Pick<Invoice, 'lines' | 'seller'>): QuoteTotals {
  return computeQuoteTotals(invoice.lines, {
    regime: invoice.seller.taxRegime,
    paidInCash: false,
  });
}

/** The state of an issued invoice on `today` (ISO day, Algiers), from its figures. */
export function invoiceStatus(
  figures: { due: Centimes; credited: Centimes; paid: Centimes },
  dueDate: string,
  today: string,
): InvoiceStatus {
  if (figures.credited >= figures.due) return 'annulee';
  if (figures.credited + figures.paid >= figures.due) return 'payee';
  if (dueDate < today) return 'en-retard';
  if (figures.paid > 0n) return 'partielle';
  return 'emise';
}

/** Everything the screens, the print and the CSV show of an invoice on `today`. */
export function invoiceFigures(
  invoice: Pick<
    Invoice,
    'kind' | 'lines' | 'seller' | 'deductions' | 'payments' | 'credits' | 'dueDate'
  >,
  today: string,
): InvoiceFigures {
  const totals = invoiceTotals(invoice);
  const deducted = sum(invoice.deductions.map((deduction) => deduction.totalTTC));
  const vatDue = totals.vat.map((entry) => {
    const before = invoice.deductions.flatMap((d) => d.vat.filter((v) => v.rate === entry.rate));
    return {
      rate: entry.rate,
      base: entry.base - sum(before.map((v) => v.base)),
      vat: entry.vat - sum(before.map((v) => v.vat)),
    };
  });
  const due = totals.totalTTC - deducted;
  const credited = sum(invoice.credits.map((credit) => credit.amount));
  const paid = sum(invoice.payments.map((payment) => payment.amount));
  const stampDuty = sum(invoice.payments.map((payment) => payment.stampDuty));
  const rest = due - credited - paid;
  const left = invoice.kind === 'avoir' || rest < 0n ? 0n : rest;
  const status: InvoiceStatus =
    invoice.kind === 'avoir'
      ? 'emise'
      : invoiceStatus({ due, credited, paid }, invoice.dueDate, today);
  return { totals, deducted, vatDue, due, credited, paid, stampDuty, left, status };
}

/**
 * What an invoice asks of the client once its credit notes are taken off (« net à payer » in
 * its message and « d’un montant de » in its e-mail): its TTC less the deposits it deducts,
 * less what « Facture d’avoir » cancelled; never below zero. Payments are not taken off: the
 * payment reminder says what is left.
 */
export function invoiceAmountAsked(
  invoice: Pick<
    Invoice,
    'kind' | 'lines' | 'seller' | 'deductions' | 'payments' | 'credits' | 'dueDate'
  >,
): Centimes {
  const { due, credited } = invoiceFigures(invoice, invoice.dueDate);
  return due > credited ? due - credited : 0n;
}

// ---- a share of a quote or of an invoice ---------------------------------------------------------

/** One part of an amount per TVA rate: its base HT (what a share is taken from). */
export interface RatePart {
  rate: VatRate;
  base: Centimes;
}

/** The parts per rate of totals: the TVA lines under the réel, the whole HT at 0 % otherwise. */
export function ratePartsOf(
  totals: Pick<QuoteTotals, 'vat' | 'totalHT'>,
  regime: TaxRegime,
): RatePart[] {
  if (regime.kind !== 'reel' || totals.vat.length === 0) {
    return [{ rate: 0, base: totals.totalHT }];
  }
  return totals.vat.map((entry) => ({ rate: entry.rate, base: entry.base }));
}

/**
 * Lines asking `target` TTC out of `whole` TTC, split over the rates as `parts` are (one line
 * per rate, quantity 1, its HT the same share of that rate's base), named by `designation`.
 * Each HT is rounded to the centime, then the TVA once per rate as on any invoice: the TTC may
 * then miss `target` by a centime or two; the largest line's HT is moved by the fewest
 * centimes that make it exact, when some do (else the nearest is kept: the invoice shows its
 * own TTC, which is what the client pays).
 */
export function shareLines(
  parts: readonly RatePart[],
  whole: Centimes,
  target: Centimes,
  regime: TaxRegime,
  designation: (rate: VatRate, several: boolean) => string,
  unit: string,
): QuoteLine[] {
  if (whole <= 0n) throw new RangeError('Le total dont une part est prise doit être positif.');
  const used = parts.filter((part) => part.base > 0n);
  const several = used.length > 1;
  const lines: QuoteLine[] = used.map((part) => ({
    designation: designation(part.rate, several),
    unit,
    quantityMilli: 1000n,
    unitPrice: divideRoundHalfUp(part.base * target, whole),
    discountBasisPoints: 0n,
    vatRate: part.rate,
  }));
  const ttc = (candidate: readonly QuoteLine[]) =>
    computeQuoteTotals(candidate, { regime, paidInCash: false }).totalTTC;
  if (lines.length === 0 || ttc(lines) === target) return lines;
  let largest = 0;
  lines.forEach((line, index) => {
    if (line.unitPrice > (lines[largest]?.unitPrice ?? 0n)) largest = index;
  });
  let best = lines;
  let bestGap = abs(ttc(lines) - target);
  for (const step of [1n, -1n, 2n, -2n, 3n, -3n]) {
    const moved = lines.map((line, index) =>
      index === largest ? { ...line, unitPrice: line.unitPrice + step } : line,
    );
    if ((moved[largest]?.unitPrice ?? 0n) < 0n) continue;
    const gap = abs(ttc(moved) - target);
    if (gap < bestGap) {
      best = moved;
      bestGap = gap;
    }
    if (gap === 0n) break;
  }
  return best;
}

const abs = (value: bigint) => (value < 0n ? -value : value);

/** « 30 % », « 12,5 % » from hundredths of a percent. */
export function formatPercent(basisPoints: bigint): string {
  const whole = basisPoints / 100n;
  const fraction = basisPoints % 100n;
  if (fraction === 0n) return `${whole} %`;
  return `${whole},${String(fraction).padStart(2, '0').replace(/0$/u, '')} %`;
}

/** The designation of a deposit's line: its share (« 30 % », null for an amount) of the quote. */
export function depositDesignation(
  language: QuoteLanguage,
  quoteNumber: string,
  percent: string | null,
  rate: VatRate,
  several: boolean,
): string {
  const atRate = several ? (language === 'ar' ? ` (الرسم ${rate} %)` : ` (TVA ${rate} %)`) : '';
  if (language === 'ar') {
    const share = percent === null ? '' : ` بنسبة ${percent}`;
    return `دفعة مقدمة${share} من عرض الأسعار ${quoteNumber}${atRate}`;
  }
  const share = percent === null ? '' : ` de ${percent}`;
  return `Acompte${share} sur le devis ${quoteNumber}${atRate}`;
}

/** The designation of a credit note's line. */
export function creditDesignation(
  language: QuoteLanguage,
  invoiceNumber: string,
  reason: string,
  rate: VatRate,
  several: boolean,
): string {
  const atRate = several ? (language === 'ar' ? ` (الرسم ${rate} %)` : ` (TVA ${rate} %)`) : '';
  return language === 'ar'
    ? `تخفيض على الفاتورة ${invoiceNumber}${atRate}: ${reason}`
    : `Avoir sur la facture ${invoiceNumber}${atRate} : ${reason}`;
}
