import { AGENCY_NAMES } from '../content/agency.ts';
import { invoiceAmountAsked } from '../domain/invoices/figures.ts';
import type { Invoice } from '../domain/invoices/invoice.ts';
import type { QuoteLanguage } from '../domain/quotes/quote.ts';
import { quoteTotals, type PublicQuote } from '../domain/quotes/record.ts';
import { localeOf } from '../domain/routes.ts';
import type { OutgoingEmail } from './delivery.ts';

/**
 * The e-mail « Envoyer au client » sends: the quote's number, its total and its last valid
 * day, and the link to its page, in the quote's language; Reply-To the owner, so that the
 * client's « Répondre » reaches the agency. Written once for both backends.
 */

export function amount(centimes: bigint): string {
  const dinars = centimes / 100n;
  const rest = (centimes % 100n).toString().padStart(2, '0');
  // Grouped by the narrow no-break space, as on the quote (docs/quotes.md).
  return `${dinars.toString().replace(/\B(?=(\d{3})+(?!\d))/gu, '\u202f')},${rest}`;
}

/**
 * A day as both languages write it in the e-mail, day first: « 28/12/2026 », as the quote's
 * pages do (an Arabic « 2026/12/28 » read year first, unlike anything the client sees). In the
 * Arabic text, a left-to-right isolate (U+2066…U+2069) keeps it in its order.
 */
export function dayFirst(iso: string): string {
  return iso.split('-').reverse().join('/');
}

/** The e-mail's words in each language of the site: a new language must add its own here. */
interface QuoteEmailWords {
  readonly currency: string;
  /** The last day (a quote's validity, an invoice's due date), from its ISO date. */
  day(iso: string): string;
  subject(kind: EmailedDocumentKind, number: string, agency: string): string;
  lines(
    kind: EmailedDocumentKind,
    details: {
      number: string;
      total: string;
      until: string;
      link: string;
      agency: string;
    },
  ): string[];
}

/** A quote (« Envoyer au client ») or an invoice (« Envoyer par e-mail », issue 46). */
export type EmailedDocumentKind = 'devis' | 'facture';

const WORDS: Record<QuoteLanguage, QuoteEmailWords> = {
  fr: {
    currency: 'DA',
    day: dayFirst,
    subject: (kind, number, agency) =>
      `${kind === 'devis' ? 'Devis' : 'Facture'} ${number} — ${agency}`,
    lines: (kind, { number, total, until, link, agency }) => [
      'Bonjour,',
      '',
      ...(kind === 'devis'
        ? [
            `Voici notre devis ${number}, d’un montant de ${total}, valable jusqu’au ${until}.`,
            'Vous pouvez le lire, l’imprimer, l’accepter ou le refuser sur cette page :',
          ]
        : [
            `Voici notre facture ${number}, d’un montant de ${total}, à régler au plus tard le ${until}.`,
            'Vous pouvez la lire et l’imprimer sur cette page, qui dit aussi ce qui reste à payer :',
          ]),
      link,
      '',
      'Pour toute question, répondez simplement à cet e-mail.',
      '',
      agency,
    ],
  },
  ar: {
    currency: 'دج',
    day: (iso) => `\u2066${dayFirst(iso)}\u2069`,
    subject: (kind, number, agency) =>
      `${kind === 'devis' ? 'عرض أسعار' : 'فاتورة'} ${number} — ${agency}`,
    lines: (kind, { number, total, until, link, agency }) => [
      'السلام عليكم،',
      '',
      ...(kind === 'devis'
        ? [
            `إليكم عرض الأسعار ${number} بمبلغ ${total}، صالح إلى غاية ${until}.`,
            'يمكنكم قراءته وطباعته وقبوله أو رفضه على هذه الصفحة:',
          ]
        : [
            `إليكم الفاتورة ${number} بمبلغ ${total}، تُسدَّد في أجل أقصاه ${until}.`,
            'يمكنكم قراءتها وطباعتها على هذه الصفحة، التي تبيّن أيضاً المبلغ المتبقي للدفع:',
          ]),
      link,
      '',
      'لأي سؤال، يكفي الرد على هذا البريد.',
      '',
      agency,
    ],
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);

export function composeQuoteEmail(
  quote: PublicQuote,
  link: string,
  recipients: { to: string; owner: string | null },
): OutgoingEmail {
  return composeDocumentEmail(
    {
      kind: 'devis',
      number: quote.number ?? '',
      language: quote.language,
      amount: quoteTotals(quote).netToPay,
      until: quote.validUntil,
      link,
    },
    recipients,
  );
}

/**
 * « Envoyer par e-mail » under an invoice (docs/invoices.md, « La page du client »): its
 * number, the amount it asks (credit notes deducted, invoiceAmountAsked), its due date and its
 * link, in its language. Written once for the embedded server and the Cloud Function.
 */
export function composeInvoiceEmail(
  invoice: Invoice,
  link: string,
  recipients: { to: string; owner: string | null },
): OutgoingEmail {
  return composeDocumentEmail(
    {
      kind: 'facture',
      number: invoice.number,
      language: invoice.language,
      amount: invoiceAmountAsked(invoice),
      until: invoice.dueDate,
      link,
    },
    recipients,
  );
}

/** A document's e-mail to its client: its number, amount, last day and link, in its language. */
export function composeDocumentEmail(
  document: {
    kind: EmailedDocumentKind;
    number: string;
    language: QuoteLanguage;
    /** In centimes: a quote's net to pay, an invoice's amount due. */
    amount: bigint;
    until: string;
    link: string;
  },
  recipients: { to: string; owner: string | null },
): OutgoingEmail {
  const { kind, number, language, link } = document;
  const agency = AGENCY_NAMES[language];
  const words = WORDS[language];
  const total = `${amount(document.amount)} ${words.currency}`;
  const lines = words.lines(kind, {
    number,
    total,
    until: words.day(document.until),
    link,
    agency,
  });
  const subject = words.subject(kind, number, agency);
  const dir = localeOf(language).direction === 'rtl' ? ' dir="rtl"' : '';
  const html = `<!doctype html><html lang="${language}"${dir}><body>${lines
    .map((line) =>
      line === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
        : line === ''
          ? ''
          : `<p>${escapeHtml(line)}</p>`,
    )
    .join('')}</body></html>`;
  return {
    to: recipients.to,
    subject,
    text: `${lines.join('\n')}\n`,
    html,
    ...(recipients.owner ? { replyTo: { name: agency, address: recipients.owner } } : {}),
  };
}
