import { AGENCY_NAMES } from '../content/agency.ts';
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
  /** The last valid day, from its ISO date. */
  day(iso: string): string;
  subject(number: string, agency: string): string;
  lines(details: {
    number: string;
    total: string;
    until: string;
    link: string;
    agency: string;
  }): string[];
}

const WORDS: Record<QuoteLanguage, QuoteEmailWords> = {
  fr: {
    currency: 'DA',
    day: dayFirst,
    subject: (number, agency) => `Devis ${number} — ${agency}`,
    lines: ({ number, total, until, link, agency }) => [
      'Bonjour,',
      '',
      `Voici notre devis ${number}, d’un montant de ${total}, valable jusqu’au ${until}.`,
      'Vous pouvez le lire, l’imprimer, l’accepter ou le refuser sur cette page :',
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
    subject: (number, agency) => `عرض أسعار ${number} — ${agency}`,
    lines: ({ number, total, until, link, agency }) => [
      'السلام عليكم،',
      '',
      `إليكم عرض الأسعار ${number} بمبلغ ${total}، صالح إلى غاية ${until}.`,
      'يمكنكم قراءته وطباعته وقبوله أو رفضه على هذه الصفحة:',
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
  const language = quote.language;
  const agency = AGENCY_NAMES[language];
  const words = WORDS[language];
  const number = quote.number ?? '';
  const total = `${amount(quoteTotals(quote).netToPay)} ${words.currency}`;
  const lines = words.lines({ number, total, until: words.day(quote.validUntil), link, agency });
  const subject = words.subject(number, agency);
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
