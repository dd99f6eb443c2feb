import { AGENCY_NAMES } from '../content/agency.ts';
import { invoiceAmountAsked } from '../domain/invoices/figures.ts';
import type { Invoice } from '../domain/invoices/invoice.ts';
import { whatsappHref } from '../domain/phone.ts';
import type { QuoteLanguage } from '../domain/quotes/quote.ts';
import { quoteTotals, type Quote } from '../domain/quotes/record.ts';
import { amount, dayFirst } from './quote-email.ts';

/**
 * The message that passes a document's link to the client by hand (issue 44: « Envoyer sur
 * WhatsApp » on a sent quote; an invoice will reuse it): in the document's language, its
 * number, the net to pay in figures, its last day (a quote's validity, an invoice's due date)
 * and the client's link. Pure: the screens prefill a wa.me chat with it, and any other channel
 * (an SMS, a copy) can take the same text.
 */

export type SharedDocumentKind = 'devis' | 'facture';

export interface SharedDocument {
  kind: SharedDocumentKind;
  number: string;
  language: QuoteLanguage;
  /** The net to pay, in centimes. */
  netToPay: bigint;
  /** The last day (ISO): a quote's validity, an invoice's due date; null: none printed. */
  until: string | null;
  /** The client's link to the document's page. */
  link: string;
}

interface ShareWords {
  readonly currency: string;
  day(iso: string): string;
  text(details: {
    kind: SharedDocumentKind;
    number: string;
    total: string;
    until: string | null;
    link: string;
    agency: string;
  }): string;
}

const WORDS: Record<QuoteLanguage, ShareWords> = {
  fr: {
    currency: 'DA',
    day: dayFirst,
    text: ({ kind, number, total, until, link, agency }) =>
      kind === 'devis'
        ? [
            `Bonjour, voici notre devis ${number} : net à payer ${total}${until ? `, valable jusqu’au ${until}` : ''}.`,
            `Vous pouvez le lire, l’imprimer, l’accepter ou le refuser sur cette page : ${link}`,
            agency,
          ].join('\n')
        : [
            `Bonjour, voici notre facture ${number} : net à payer ${total}${until ? `, à régler au plus tard le ${until}` : ''}.`,
            `Vous pouvez la lire et l’imprimer sur cette page : ${link}`,
            agency,
          ].join('\n'),
  },
  ar: {
    currency: 'دج',
    // A left-to-right isolate keeps the day in its order in the Arabic text (as in the e-mail).
    day: (iso) => `\u2066${dayFirst(iso)}\u2069`,
    text: ({ kind, number, total, until, link, agency }) =>
      kind === 'devis'
        ? [
            `السلام عليكم، إليكم عرض الأسعار ${number}: المبلغ الصافي للدفع ${total}${until ? `، صالح إلى غاية ${until}` : ''}.`,
            `يمكنكم قراءته وطباعته وقبوله أو رفضه على هذه الصفحة: ${link}`,
            agency,
          ].join('\n')
        : [
            `السلام عليكم، إليكم الفاتورة ${number}: المبلغ الصافي للدفع ${total}${until ? `، يُسدَّد في أجل أقصاه ${until}` : ''}.`,
            `يمكنكم قراءتها وطباعتها على هذه الصفحة: ${link}`,
            agency,
          ].join('\n'),
  },
};

/** The message, in the document's language. */
export function documentShareText(document: SharedDocument): string {
  const words = WORDS[document.language];
  // The amount as an isolate too in Arabic: « 361 956,00 دج » stays in its order.
  const figures = `${amount(document.netToPay)} ${words.currency}`;
  return words.text({
    kind: document.kind,
    number: document.number,
    total:
      document.language === 'ar'
        ? `\u2066${amount(document.netToPay)}\u2069 ${words.currency}`
        : figures,
    until: document.until === null ? null : words.day(document.until),
    link: document.link,
    agency: AGENCY_NAMES[document.language],
  });
}

/** A WhatsApp chat with `e164`, `text` written in its box (the owner only taps « Envoyer »). */
export function whatsappShareHref(e164: string, text: string): string {
  return `${whatsappHref(e164)}?text=${encodeURIComponent(text)}`;
}

/** The message of a sent quote and its link. */
export function quoteShareText(
  quote: Pick<
    Quote,
    'number' | 'language' | 'validUntil' | 'lines' | 'paidInCash' | 'seller' | 'stampDutyScale'
  >,
  link: string,
): string {
  return documentShareText({
    kind: 'devis',
    number: quote.number ?? '',
    language: quote.language,
    netToPay: quoteTotals(quote).netToPay,
    until: quote.validUntil,
    link,
  });
}

/** The message of an issued invoice and its link (issue 46): what it asks, its due date. */
export function invoiceShareText(
  invoice: Pick<
    Invoice,
    | 'kind'
    | 'number'
    | 'language'
    | 'dueDate'
    | 'lines'
    | 'seller'
    | 'deductions'
    | 'payments'
    | 'credits'
  >,
  link: string,
): string {
  return documentShareText({
    kind: 'facture',
    number: invoice.number,
    language: invoice.language,
    netToPay: invoiceAmountAsked(invoice),
    until: invoice.dueDate,
    link,
  });
}
