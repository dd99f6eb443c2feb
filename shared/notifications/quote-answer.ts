import type { ContactMessage } from '../domain/contact.ts';
import {
  escapeHtml,
  isolatedHtml,
  isolatedText,
  messageUrl,
  WRAP,
  type EmailOptions,
} from './new-message.ts';
import type { QuoteAnswerNotice } from './notice.ts';
import { messagePath, type PushPayload } from './push-payload.ts';

/**
 * The owner's notice of a client's answer to a quote (docs/quotes.md), written once for both
 * backends and every channel: « Devis accepté : DEV-2026-0001 — NOM » (or « refusé »), the
 * amount, the client's comment, and the link to the lead.
 */

function amount(centimes: string): string {
  const value = BigInt(centimes);
  const dinars = (value / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/gu, '\u202f');
  return `${dinars},${(value % 100n).toString().padStart(2, '0')} DA`;
}

/** « Devis accepté : DEV-2026-0001 — Transport Oran Sud ». */
export function quoteAnswerTitle(
  answer: QuoteAnswerNotice,
  message: Pick<ContactMessage, 'fullName'>,
) {
  const word = answer.decision === 'accepte' ? 'accepté' : 'refusé';
  return `Devis ${word} : ${answer.number} — ${message.fullName}`;
}

function intro(answer: QuoteAnswerNotice): string {
  return answer.decision === 'accepte'
    ? `Le client a accepté le devis ${answer.number} (${amount(answer.netToPay)}) : le contact passe à « Gagné ».`
    : `Le client a refusé le devis ${answer.number} (${amount(answer.netToPay)}).`;
}

export function composeQuoteAnswerEmail(
  answer: QuoteAnswerNotice,
  message: ContactMessage,
  { publicUrl }: EmailOptions,
) {
  const subject = quoteAnswerTitle(answer, message);
  const link = messageUrl(publicUrl, message.id);
  const comment = answer.comment ?? '(aucun commentaire)';
  const text = [
    intro(answer),
    '',
    `Commentaire du client : ${isolatedText(comment)}`,
    '',
    `Ouvrir ce contact dans le tableau de bord : ${link}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2430;${WRAP}">
<p style="margin-top:0">${escapeHtml(intro(answer))}</p>
<p style="margin:0 0 10px"><span style="display:block;color:#555;font-size:13px">Commentaire du client</span><span style="${WRAP};white-space:pre-wrap">${isolatedHtml(escapeHtml(comment))}</span></p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:8px 16px;background:#0e4c92;color:#fff;text-decoration:none;border-radius:6px">Ouvrir dans le tableau de bord</a></p>
</body>
</html>
`;
  return {
    subject,
    text,
    html,
    ...(message.email === null
      ? {}
      : { replyTo: { name: message.fullName, address: message.email } }),
  };
}

export function composeQuoteAnswerPush(
  answer: QuoteAnswerNotice,
  message: ContactMessage,
): PushPayload {
  return {
    title: quoteAnswerTitle(answer, message),
    body: answer.comment ?? amount(answer.netToPay),
    url: messagePath(message.id),
    tag: `devis-${answer.quoteId}`,
  };
}

/** The webhook's event for a client's answer. */
export const QUOTE_ANSWER_WEBHOOK_EVENT = 'quote.answered';

export function composeQuoteAnswerWebhookPayload(
  answer: QuoteAnswerNotice,
  message: ContactMessage,
  publicUrl: string,
) {
  return {
    event: QUOTE_ANSWER_WEBHOOK_EVENT,
    id: message.id,
    quoteId: answer.quoteId,
    number: answer.number,
    decision: answer.decision,
    comment: answer.comment,
    /** Centimes, as a string of digits. */
    netToPay: answer.netToPay,
    fullName: message.fullName,
    url: messageUrl(publicUrl, message.id),
  };
}
