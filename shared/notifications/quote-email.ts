import { AGENCY_NAMES } from '../content/agency.ts';
import { quoteTotals, type PublicQuote } from '../domain/quotes/record.ts';
import type { OutgoingEmail } from './delivery.ts';

/**
 * The e-mail « Envoyer au client » sends: the quote's number, its total and its last valid
 * day, and the link to its page, in the quote's language; Reply-To the owner, so that the
 * client's « Répondre » reaches the agency. Written once for both backends.
 */

function amount(centimes: bigint): string {
  const dinars = centimes / 100n;
  const rest = (centimes % 100n).toString().padStart(2, '0');
  // Grouped by the narrow no-break space, as on the quote (docs/quotes.md).
  return `${dinars.toString().replace(/\B(?=(\d{3})+(?!\d))/gu, '\u202f')},${rest}`;
}

function day(iso: string, language: 'fr' | 'ar'): string {
  const [year, month, date] = iso.split('-');
  return language === 'fr' ? `${date}/${month}/${year}` : `${year}/${month}/${date}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);

export function composeQuoteEmail(
  quote: PublicQuote,
  link: string,
  recipients: { to: string; owner: string | null },
): OutgoingEmail {
  const language = quote.language;
  const agency = AGENCY_NAMES[language];
  const total = `${amount(quoteTotals(quote).netToPay)} ${language === 'fr' ? 'DA' : 'دج'}`;
  const number = quote.number ?? '';
  const until = day(quote.validUntil, language);
  const lines =
    language === 'fr'
      ? [
          'Bonjour,',
          '',
          `Voici notre devis ${number}, d’un montant de ${total}, valable jusqu’au ${until}.`,
          'Vous pouvez le lire, l’imprimer, l’accepter ou le refuser sur cette page :',
          link,
          '',
          'Pour toute question, répondez simplement à cet e-mail.',
          '',
          agency,
        ]
      : [
          'السلام عليكم،',
          '',
          `إليكم عرض الأسعار ${number} بمبلغ ${total}، صالح إلى غاية ${until}.`,
          'يمكنكم قراءته وطباعته وقبوله أو رفضه على هذه الصفحة:',
          link,
          '',
          'لأي سؤال، يكفي الرد على هذا البريد.',
          '',
          agency,
        ];
  const subject =
    language === 'fr' ? `Devis ${number} — ${agency}` : `عرض أسعار ${number} — ${agency}`;
  const dir = language === 'ar' ? ' dir="rtl"' : '';
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
