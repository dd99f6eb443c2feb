/**
 * Invoice numbers: `FAC-2026-0001` for invoices, `AV-2026-0001` for credit notes (« factures
 * d’avoir »), one unbroken chronological series per calendar year and per kind, given when the
 * invoice is issued (nothing is numbered before), never reused. Pure functions: where the
 * counter is kept, and how two invoices never get the same number, is the store's part, as
 * for the quotes (docs/invoices.md).
 */

import { formatQuoteDate } from '../quotes/format.ts';

export const INVOICE_SERIES = ['FAC', 'AV'] as const;
export type InvoiceSeries = (typeof INVOICE_SERIES)[number];

/** The last number given in a year of one series, and the day it was dated. */
export interface InvoiceCounter {
  series: InvoiceSeries;
  year: number;
  sequence: number;
  lastIssueDate: string;
}

const NUMBER_PATTERN = /^(FAC|AV)-(\d{4})-(\d{4,})$/u;

/** `FAC-2026-0001`; past 9999 the number grows (`FAC-2026-10000`). */
export function formatInvoiceNumber(series: InvoiceSeries, year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    throw new RangeError(`Année de facture invalide : ${year}.`);
  }
  if (!Number.isInteger(sequence) || sequence < 1) {
    throw new RangeError(`Numéro d’ordre invalide : ${sequence}.`);
  }
  return `${series}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The parts of an invoice number, or null when the text is not one. */
export function parseInvoiceNumber(
  text: string,
): { series: InvoiceSeries; year: number; sequence: number } | null {
  const match = NUMBER_PATTERN.exec(text);
  if (match === null) return null;
  const sequence = Number(match[3]);
  if (sequence < 1) return null;
  return { series: match[1] as InvoiceSeries, year: Number(match[2]), sequence };
}

export type NextInvoiceNumber =
  { ok: true; number: string; counter: InvoiceCounter } | { ok: false; error: string };

/**
 * The number of the next invoice of `series` issued on `day` (ISO, Algiers), after `last`
 * (that series' counter for the year of `day`, or its latest one; null when none was ever
 * given). A new year starts again at 0001; a day before the last one numbered is refused,
 * since the series follows the order of the dates.
 */
export function nextInvoiceNumber(
  series: InvoiceSeries,
  last: InvoiceCounter | null,
  day: string,
): NextInvoiceNumber {
  const year = Number(day.slice(0, 4));
  const what = series === 'FAC' ? 'Une facture datée' : 'Un avoir daté';
  const spelled = (iso: string) => formatQuoteDate(iso, 'fr-FR');
  if (last !== null && (year < last.year || (year === last.year && day < last.lastIssueDate))) {
    return {
      ok: false,
      error: `${what} du ${spelled(day)} ne peut pas suivre le numéro du ${spelled(last.lastIssueDate)} : la numérotation suit l’ordre des dates.`,
    };
  }
  const sequence = last !== null && last.year === year ? last.sequence + 1 : 1;
  return {
    ok: true,
    number: formatInvoiceNumber(series, year, sequence),
    counter: { series, year, sequence, lastIssueDate: day },
  };
}
