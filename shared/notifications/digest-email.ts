import { AGENCY_NAMES } from '../content/agency.ts';
import { AGENCY_TIME_ZONE } from '../domain/leads/business-hours.ts';
import {
  digestSubject,
  digestText,
  keptAsSpamSentence,
  sentDay,
  UNOPENED_QUOTES_TITLE,
  type DailyDigest,
  type DigestLead,
} from '../domain/leads/follow-up.ts';
import { invoiceInFolderPath, ROUTES, SPAM_FOLDER_PATH } from '../domain/routes.ts';
import { overdueInvoiceDetail, OVERDUE_INVOICES_TITLE } from '../domain/invoices/overdue.ts';
import { escapeHtml, isolatedHtml, messageUrl, WRAP, type EmailOptions } from './new-message.ts';

/**
 * The daily digest's e-mail (docs/inbox.md, « Le résumé quotidien »), for both backends: the
 * domain's content (shared/domain/leads/follow-up.ts: today's follow-ups, overdue ones, leads
 * still unanswered, quotes not opened 3 days on, invoices « En retard »), each lead, and each
 * quote, a link to the lead in the dashboard; each overdue invoice, a link to it in « Factures ».
 */
export function composeDigestEmail(
  digest: DailyDigest,
  { publicUrl }: EmailOptions,
  timeZone = AGENCY_TIME_ZONE,
): { subject: string; text: string; html: string } {
  const subject = digestSubject(digest);
  const dashboard = new URL(ROUTES.dashboard, publicUrl).href;
  // « Indésirables », the dashboard's folder of the messages kept as spam.
  const spamFolder = new URL(SPAM_FOLDER_PATH, publicUrl).href;
  const time = new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const text = [
    `${AGENCY_NAMES.fr} — résumé du jour`,
    '',
    digestText(digest, timeZone),
    '',
    ...digest.overdueInvoices.map(
      (invoice) =>
        `${invoice.number} : ${new URL(invoiceInFolderPath(invoice.id), publicUrl).href}`,
    ),
    ...(digest.keptAsSpam > 0 ? [`Indésirables : ${spamFolder}`] : []),
    `Tableau de bord : ${dashboard}`,
    '',
  ].join('\n');
  const section = (title: string, leads: DigestLead[]) =>
    leads.length === 0
      ? ''
      : `<h2 style="font-size:16px;margin:16px 0 6px">${escapeHtml(title)}</h2>
<ul style="margin:0;padding-left:20px">
${leads
  .map(
    (lead) =>
      `<li style="margin:0 0 6px;${WRAP}"><a href="${escapeHtml(messageUrl(publicUrl, lead.id))}">${isolatedHtml(escapeHtml(lead.fullName))}${lead.subject.trim() === '' ? '' : ` — ${isolatedHtml(escapeHtml(lead.subject))}`}</a>${lead.at === null ? '' : ` <span style="color:#555">(${escapeHtml(time.format(lead.at))})</span>`}</li>`,
  )
  .join('\n')}
</ul>`;
  const quotes =
    digest.unopenedQuotes.length === 0
      ? ''
      : `<h2 style="font-size:16px;margin:16px 0 6px">${escapeHtml(UNOPENED_QUOTES_TITLE)}</h2>
<ul style="margin:0;padding-left:20px">
${digest.unopenedQuotes
  .map(
    (quote) =>
      `<li style="margin:0 0 6px;${WRAP}"><a href="${escapeHtml(messageUrl(publicUrl, quote.leadId))}">${escapeHtml(quote.number)} — ${isolatedHtml(escapeHtml(quote.client))}</a> <span style="color:#555">(envoyé le ${escapeHtml(sentDay(quote.sentAt, timeZone))})</span></li>`,
  )
  .join('\n')}
</ul>`;
  const invoices =
    digest.overdueInvoices.length === 0
      ? ''
      : `<h2 style="font-size:16px;margin:16px 0 6px">${escapeHtml(OVERDUE_INVOICES_TITLE)}</h2>
<ul style="margin:0;padding-left:20px">
${digest.overdueInvoices
  .map(
    (invoice) =>
      `<li style="margin:0 0 6px;${WRAP}"><a href="${escapeHtml(new URL(invoiceInFolderPath(invoice.id), publicUrl).href)}">${escapeHtml(invoice.number)} — ${isolatedHtml(escapeHtml(invoice.client))}</a> <span style="color:#555">(${escapeHtml(overdueInvoiceDetail(invoice))})</span></li>`,
  )
  .join('\n')}
</ul>`;
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2430;${WRAP}">
<p style="margin-top:0;font-weight:700">${escapeHtml(AGENCY_NAMES.fr)} — résumé du jour</p>
${section('À relancer aujourd’hui', digest.dueToday)}
${section('En retard', digest.overdue)}
${section('Sans réponse depuis plus de 2 heures ouvrées', digest.unanswered)}
${quotes}
${invoices}
${digest.keptAsSpam > 0 ? `<p style="margin-top:16px">${escapeHtml(keptAsSpamSentence(digest.keptAsSpam))} <a href="${escapeHtml(spamFolder)}">Ouvrir « Indésirables »</a></p>` : ''}
<p style="margin-top:16px"><a href="${escapeHtml(dashboard)}">Ouvrir le tableau de bord</a></p>
</body>
</html>
`;
  return { subject, text, html };
}
