import { answeredAtParts, answeredText } from '../../../../shared/domain/quotes/answer-text.ts';
import { quoteClientName } from '../../../../shared/domain/quotes/quote.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import { quoteTotals } from '../../../../shared/domain/quotes/record.ts';
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '../../../../shared/domain/quotes/status.ts';
import { formatCentimes, formatQuoteDate } from '../../../quotes/quote-format.ts';

/** What a list of quotes shows of each (the lead's « Devis », the « Devis » view, the CSV). */
export interface QuoteSummary {
  /** `DEV-2026-0001`, or « Brouillon » before it is sent. */
  number: string;
  client: string;
  /** « 361 956,00 DA »: what the client pays, the stamp duty of a cash payment included. */
  net: string;
  /** « 354 858,00 DA » (TTC, or the total under the IFU), beside the net. */
  total: string;
  /** The same two in centimes, for the CSV's numbers. */
  netCentimes: bigint;
  totalCentimes: bigint;
  status: string;
  /** « 26 décembre 2026 ». */
  validUntil: string;
  /**
   * « Vu le 28/11/2026 à 20:14 » (Algiers time) once the client opened the link; « Pas encore
   * ouvert » for a sent quote not yet opened; null otherwise (issue 44).
   */
  viewed: string | null;
  /** « Accepté en ligne le 28/11/2026 à 20:14 » / « Refusé … » once the client answered. */
  answered: string | null;
}

/** « Vu le 28/11/2026 à 20:14 », said as the client's answer is (answeredAtParts). */
export function viewedText(at: number): string {
  const { day, time } = answeredAtParts(at);
  return `Vu le ${day} à ${time}`;
}

/** Bootstrap's colour of each state's badge (the word says it too). */
export const QUOTE_STATUS_BADGES: Record<QuoteStatus, string> = {
  brouillon: 'text-bg-secondary',
  envoye: 'text-bg-primary',
  accepte: 'text-bg-success',
  refuse: 'text-bg-danger',
  expire: 'text-bg-warning',
  remplace: 'text-bg-light border',
};

export function clientName(quote: Pick<Quote, 'client'>): string {
  return quoteClientName(quote.client);
}

export function quoteNumber(quote: Pick<Quote, 'number' | 'version'>): string {
  if (quote.number !== null) return quote.number;
  return 'Brouillon';
}

export function summarizeQuote(quote: Quote): QuoteSummary {
  const totals = quoteTotals(quote);
  return {
    number: quoteNumber(quote),
    client: clientName(quote),
    net: `${formatCentimes(totals.netToPay)} DA`,
    total: `${formatCentimes(totals.totalTTC)} DA`,
    netCentimes: totals.netToPay,
    totalCentimes: totals.totalTTC,
    status: QUOTE_STATUS_LABELS[quote.status],
    validUntil: formatQuoteDate(quote.validUntil, 'fr-FR'),
    viewed:
      quote.viewedAt != null
        ? viewedText(quote.viewedAt)
        : quote.status === 'envoye'
          ? 'Pas encore ouvert'
          : null,
    answered: quote.answer ? answeredText(quote.answer, 'fr').sentence : null,
  };
}
