import { AGENCY_TIME_ZONE } from '../domain/leads/business-hours.ts';
import { displayPhone } from '../domain/phone.ts';
import { nameAndSubject, NOT_GIVEN, type ContactMessage } from '../domain/contact.ts';
import {
  escapeHtml,
  isolatedHtml,
  isolatedText,
  messageUrl,
  WRAP,
  type EmailOptions,
} from './new-message.ts';
import type { ReminderNote, ReminderReason } from './notice.ts';
import { messagePath, type PushPayload } from './push-payload.ts';

/**
 * The reminders about a lead, written once for both backends (the embedded server's outbox
 * and the Cloud Function send them on the registry's channels): « Relance : NOM — SUJET »
 * when its « Relancer le » has come, « Toujours nouveau : NOM — SUJET » when it is still
 * « Nouveau » two working hours after it arrived. Each links to the lead, as a new message's
 * notification does (`/pageDashboard?message=<id>`).
 */

const when = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: AGENCY_TIME_ZONE,
});

const noteDate = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: AGENCY_TIME_ZONE,
});

/** « Dernière note (15 janv. 2026, 10:00) » above the note's text. */
function noteLabel(note: ReminderNote): string {
  return `Dernière note (${noteDate.format(note.at)})`;
}

/** A push's note: its first line, cut at this many characters (a notification is short). */
const PUSH_NOTE_LENGTH = 120;

/** « Relance : Boulangerie El Bahia — Refonte du site ». */
export function reminderTitle(
  reason: ReminderReason,
  message: Pick<ContactMessage, 'fullName' | 'subject'>,
): string {
  const label = reason === 'follow-up' ? 'Relance' : 'Toujours nouveau';
  return `${label} : ${nameAndSubject(message.fullName, message.subject)}`;
}

/** The sentence that says why, with the time it is about. */
function reminderIntro(reason: ReminderReason, message: ContactMessage, dueAt: number): string {
  if (reason === 'follow-up') return `Relance prévue le ${when.format(dueAt)}.`;
  const received = message.receivedAt === null ? '' : ` le ${when.format(message.receivedAt)}`;
  return `Message reçu${received}, toujours « Nouveau » après 2 heures ouvrées (08:00–20:00, heure d’Alger).`;
}

export interface ReminderEmail {
  subject: string;
  text: string;
  html: string;
  replyTo?: { name: string; address: string };
}

/**
 * The reminder's e-mail: why, who, the subject, the phone, the lead's last note (what was
 * said last, to call back without opening the dashboard), and the link to the lead.
 */
export function composeReminderEmail(
  reason: ReminderReason,
  message: ContactMessage,
  dueAt: number,
  { publicUrl }: EmailOptions,
  lastNote: ReminderNote | null = null,
): ReminderEmail {
  const subject = reminderTitle(reason, message);
  const intro = reminderIntro(reason, message, dueAt);
  const link = messageUrl(publicUrl, message.id);
  const phone = message.phone === null ? NOT_GIVEN : displayPhone(message.phone);
  const fields = [
    ['Nom complet', message.fullName],
    ['Sujet', message.subject.trim() === '' ? NOT_GIVEN : message.subject],
    ['E-mail', message.email ?? NOT_GIVEN],
    ['Téléphone', phone],
  ] as const;
  const text = [
    intro,
    '',
    ...fields.map(([label, value]) => `${label} : ${isolatedText(value)}`),
    '',
    ...(lastNote ? [`${noteLabel(lastNote)} :`, lastNote.text, ''] : []),
    `Ouvrir ce contact dans le tableau de bord : ${link}`,
    '',
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<p style="margin:0 0 10px"><span style="display:block;color:#555;font-size:13px">${label}</span><span style="${WRAP}">${isolatedHtml(escapeHtml(value))}</span></p>`,
    )
    .join('\n');
  // The note keeps its line breaks; its own direction (an Arabic note) in a <bdi>.
  const note = lastNote
    ? `\n<p style="margin:0 0 10px"><span style="display:block;color:#555;font-size:13px">${escapeHtml(noteLabel(lastNote))}</span><span style="white-space:pre-wrap;${WRAP}">${isolatedHtml(escapeHtml(lastNote.text))}</span></p>`
    : '';
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1d2430;${WRAP}">
<p style="margin-top:0">${escapeHtml(intro)}</p>
${rows}${note}
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

/** A note as a push shows it: its first line, cut short with « … ». */
function pushNote(text: string): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  const chars = [...line];
  const cut = chars.length > PUSH_NOTE_LENGTH || line !== text.trim();
  return cut ? `${chars.slice(0, PUSH_NOTE_LENGTH).join('').trimEnd()}…` : line;
}

/**
 * The reminder's push: its title, why in the body, then the lead's last note (its first
 * line, cut short) when it has one; a click opens the lead.
 */
export function composeReminderPush(
  reason: ReminderReason,
  message: ContactMessage,
  dueAt: number,
  lastNote: ReminderNote | null = null,
): PushPayload {
  const why =
    reason === 'follow-up'
      ? `Relance prévue le ${when.format(dueAt)}`
      : 'Toujours « Nouveau » après 2 heures ouvrées';
  return {
    title: reminderTitle(reason, message),
    body: lastNote ? `${why}\nDernière note : ${pushNote(lastNote.text)}` : why,
    url: messagePath(message.id),
    // One per lead: a later reminder replaces an earlier one still on the screen.
    tag: `relance-${message.id}`,
  };
}

/** The webhook's event for a reminder (a new message's is `contact.created`). */
export const REMINDER_WEBHOOK_EVENT = 'lead.reminder';

export interface ReminderWebhookPayload {
  event: typeof REMINDER_WEBHOOK_EVENT;
  reason: ReminderReason;
  id: string;
  /** ISO 8601: the « Relancer le », or the instant the 2 working hours ran out. */
  dueAt: string;
  fullName: string;
  subject: string;
  /** Null for a lead typed in without one (« Nouveau contact »). */
  email: string | null;
  phone: string | null;
  /** The lead in the dashboard. */
  url: string;
}

export function composeReminderWebhookPayload(
  reason: ReminderReason,
  message: ContactMessage,
  dueAt: number,
  publicUrl: string,
): ReminderWebhookPayload {
  return {
    event: REMINDER_WEBHOOK_EVENT,
    reason,
    id: message.id,
    dueAt: new Date(dueAt).toISOString(),
    fullName: message.fullName,
    subject: message.subject,
    email: message.email,
    phone: message.phone,
    url: messageUrl(publicUrl, message.id),
  };
}
