import { AGENCY_EMAIL_LOGO_PATH, AGENCY_NAMES } from '../content/agency.ts';
import { provenanceOf } from '../domain/leads/sources.ts';
import { NOT_GIVEN, type ContactLanguage, type ContactMessage } from '../domain/contact.ts';
import { displayPhone, phoneE164, whatsappHref } from '../domain/phone.ts';
import { replyMailtoHref, replyWhatsappHref } from '../domain/replies.ts';
import { ROUTES } from '../domain/routes.ts';
import { messagePath } from './push-payload.ts';

/**
 * The e-mail the owner receives for each new message, written once for both backends (the
 * embedded server's outbox and the Cloud Function send it with nodemailer). The push
 * notification's payload is in push-payload.ts.
 */

/** How the e-mail names the language a message was sent in. */
const LANGUAGE_NAMES: Record<ContactLanguage, string> = {
  fr: 'français (page en français)',
  ar: 'arabe (page en arabe)',
};

/** The agency is in Algeria: dates in the e-mail are in its time, whatever the server's zone. */
const AGENCY_TIME_ZONE = 'Africa/Algiers';

const receivedFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: AGENCY_TIME_ZONE,
});

/** The same, absolute, on the site's public address (PUBLIC_URL), for the e-mail. */
export function messageUrl(publicUrl: string, messageId: string): string {
  return new URL(messagePath(messageId), publicUrl).href;
}

/**
 * The `Message-ID` of the e-mail about this contact message: the same at every attempt, so
 * that a repeat after a crash is recognised as the same e-mail.
 */
export function notificationMessageId(messageId: string, domain: string): string {
  return `<contact-${messageId.replace(/[^\w.-]/g, '')}@${domain}>`;
}

/** The WhatsApp link of a stored phone, or null when it is not a valid number. */
export function whatsappLink(phone: string | null): string | null {
  const e164 = phoneE164(phone);
  return e164 ? whatsappHref(e164) : null;
}

/** Text made safe for an e-mail's HTML part (content and attribute values). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A visitor's value in the HTML part, isolated from the French around it: `<bdi>` takes the
 * value's own direction from its first letter (an Arabic name reads from right to left, with
 * its digits and punctuation where an Arabic reader expects them) and keeps it from reordering
 * the label or the sentence beside it. Takes HTML already escaped.
 */
export function isolatedHtml(html: string): string {
  return `<bdi>${html}</bdi>`;
}

/**
 * The same for the plain-text part: FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (U+2068,
 * U+2069), which mail programs read as `<bdi>`. Only in the e-mail: the stored message never
 * holds them (the schema refuses them).
 */
export function isolatedText(text: string): string {
  return `\u2068${text}\u2069`;
}

/** Long words (an address, a link) break instead of widening a narrow screen. */
export const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

/**
 * What heads every e-mail: the agency's logo and name, so that the owner knows at a glance
 * which site it comes from. The logo is an image on the public site; a mail program that does
 * not load images still shows the name beside it.
 */
function agencyHeader(publicUrl: string): string {
  const logo = new URL(AGENCY_EMAIL_LOGO_PATH, publicUrl).href;
  return `<p style="margin:0 0 16px;font-size:18px;font-weight:700;color:#0e4c92"><img src="${escapeHtml(logo)}" width="40" height="40" alt="" style="vertical-align:middle;margin-right:10px;border-radius:8px">${escapeHtml(AGENCY_NAMES.fr)}</p>`;
}

export interface NotificationEmail {
  subject: string;
  text: string;
  html: string;
  /** The visitor: the owner's « Répondre » writes to them. */
  /** The visitor, whom « Répondre » writes to; absent when there is no address. */
  replyTo?: { name: string; address: string };
}

export interface EmailOptions {
  /** The site's public address (PUBLIC_URL), for the link to the dashboard. */
  publicUrl: string;
}

/** « Nouveau message de Boulangerie El Bahia : Refonte du site ». */
export function notificationSubject(message: Pick<ContactMessage, 'fullName' | 'subject'>) {
  return `Nouveau message de ${message.fullName} : ${message.subject}`;
}

/**
 * The e-mail about a new message: French, the six fields, the phone as the dashboard shows
 * it with a WhatsApp link, and a link that opens the message in the dashboard. Plain text
 * and a simple HTML part in which every value is escaped.
 */
export function composeNotificationEmail(
  message: ContactMessage,
  { publicUrl }: EmailOptions,
): NotificationEmail {
  const phone = message.phone === null ? NOT_GIVEN : displayPhone(message.phone);
  const e164 = phoneE164(message.phone);
  const call = e164 ? `tel:${e164}` : null;
  const whatsapp = whatsappLink(message.phone);
  // The links the owner taps to answer start in the visitor's language (an Arabic greeting
  // for an Arabic message); the text part keeps the bare chat address, readable as it is.
  const replyEmail = replyMailtoHref(message);
  const replyWhatsapp = e164 ? replyWhatsappHref(e164, message) : null;
  const link = messageUrl(publicUrl, message.id);
  const received =
    message.receivedAt === null ? null : receivedFormat.format(new Date(message.receivedAt));
  const intro = received
    ? `Nouveau message reçu sur le site le ${received}.`
    : 'Nouveau message reçu sur le site.';

  // Every value the visitor typed is isolated (`<bdi>`, FSI…PDI in the text part): an Arabic
  // name or a subject mixing Arabic and digits keeps its own order and leaves the label's.
  const name = {
    text: isolatedText(message.fullName),
    html: isolatedHtml(escapeHtml(message.fullName)),
  };
  const fields: { label: string; text: string; html: string }[] = [
    { label: 'Nom complet', ...name },
    {
      label: 'Service',
      text: isolatedText(message.service ?? NOT_GIVEN),
      html: isolatedHtml(escapeHtml(message.service ?? NOT_GIVEN)),
    },
    // The page it was sent from: the owner answers an Arabic message in Arabic.
    {
      label: 'Langue',
      text: LANGUAGE_NAMES[message.language],
      html: escapeHtml(LANGUAGE_NAMES[message.language]),
    },
    {
      label: 'E-mail',
      text: isolatedText(message.email ?? NOT_GIVEN),
      html:
        message.email === null
          ? escapeHtml(NOT_GIVEN)
          : `<a href="${escapeHtml(replyEmail)}">${isolatedHtml(escapeHtml(message.email))}</a>`,
    },
    {
      label: 'Téléphone',
      text:
        call && whatsapp
          ? `${isolatedText(phone)} (appeler : ${call} ; WhatsApp : ${whatsapp})`
          : isolatedText(phone),
      // A tap calls, another writes on WhatsApp: both on a phone's screen.
      html:
        call && replyWhatsapp
          ? `<a href="${escapeHtml(call)}">${isolatedHtml(escapeHtml(phone))}</a> · <a href="${escapeHtml(replyWhatsapp)}">écrire sur WhatsApp</a>`
          : isolatedHtml(escapeHtml(phone)),
    },
    {
      label: 'Sujet',
      text: isolatedText(message.subject),
      html: isolatedHtml(escapeHtml(message.subject)),
    },
    // Where it comes from, when known: the page, the referring site, the campaign.
    ...(provenanceOf(message) ?? []).map(({ label, value }) => ({
      label,
      text: isolatedText(value),
      html: isolatedHtml(escapeHtml(value)),
    })),
  ];

  const text = [
    AGENCY_NAMES.fr,
    '',
    intro,
    '',
    ...fields.map((field) => `${field.label} : ${field.text}`),
    '',
    'Message :',
    message.message,
    '',
    '—',
    `Répondez à cet e-mail pour écrire directement à ${name.text}.`,
    `Ouvrir ce message dans le tableau de bord : ${link}`,
    '',
  ].join('\n');

  // One field per block, label above value: it fits a 320 px screen whatever the length of an
  // address (long words break rather than widen the page).
  const rows = fields
    .map(
      (field) =>
        `<p style="margin:0 0 10px"><span style="display:block;color:#555;font-size:13px">${field.label}</span><span style="${WRAP}">${field.html}</span></p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(notificationSubject(message))}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2430;${WRAP}">
${agencyHeader(publicUrl)}
<p style="margin-top:0">${escapeHtml(intro)}</p>
${rows}
<p style="margin-bottom:4px;color:#555"><strong>Message</strong></p>
<p dir="auto" style="white-space:pre-wrap;margin-top:0;${WRAP}">${escapeHtml(message.message)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:8px 16px;background:#0e4c92;color:#fff;text-decoration:none;border-radius:6px">Ouvrir dans le tableau de bord</a></p>
<p style="color:#555;font-size:13px">Répondez à cet e-mail pour écrire directement à ${name.html}.</p>
</body>
</html>
`;

  return {
    subject: notificationSubject(message),
    text,
    html,
    ...(message.email === null
      ? {}
      : { replyTo: { name: message.fullName, address: message.email } }),
  };
}

/** The test e-mail of the dashboard's « Envoyer un e-mail de test ». */
export function composeTestEmail({ publicUrl }: EmailOptions): Omit<NotificationEmail, 'replyTo'> {
  const link = new URL(ROUTES.dashboard, publicUrl).href;
  const text = [
    AGENCY_NAMES.fr,
    '',
    'Ceci est un e-mail de test envoyé depuis le tableau de bord.',
    '',
    // Whole sentences, one per line: the reader's mail program wraps them to its width.
    'Il est bien arrivé : chaque nouveau message du formulaire de contact vous parviendra aussi à cette adresse.',
    '',
    `Tableau de bord : ${link}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>E-mail de test</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2430">
${agencyHeader(publicUrl)}
<p>Ceci est un e-mail de test envoyé depuis le tableau de bord.</p>
<p>Il est bien arrivé : chaque nouveau message du formulaire de contact vous parviendra aussi à cette adresse.</p>
<p><a href="${escapeHtml(link)}">Ouvrir le tableau de bord</a></p>
</body>
</html>
`;
  return { subject: 'E-mail de test des notifications', text, html };
}
