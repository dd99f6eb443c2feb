import {
  SPAM_RETENTION_DAYS,
  SPAM_RETENTION_MS,
  type ContactMessage,
  type SpamReason,
} from './contact.ts';
import { isFromTheSite } from './leads/new-contact.ts';

/**
 * « Marquer comme indésirable » (docs/inbox.md, « Les indésirables »): the owner moves a
 * message of the inbox (a person sending advertising) to « Indésirables », and « Pas un
 * indésirable » puts it back. The rule is written once here; the embedded server
 * (src-server/db/contacts-repository.ts), the Firestore adapter
 * (shared/backend/firebase/firestore-contacts.ts, with firestore.rules) and the desktop
 * console's main process carry it out, each in its own transaction.
 */

/** The reason of a message the owner marked as spam (SPAM_REASONS). */
export const OWNER_SPAM_REASON = 'owner' satisfies SpamReason;

/** The words of « Marquer comme indésirable », in the dashboard and the console. */
export const SPAM_MARKING_TEXT = {
  button: 'Marquer comme indésirable',
  confirmTitle: 'Marquer comme indésirable ?',
  confirmText: (fullName: string) =>
    `Le message de ${fullName} quitte la boîte de réception pour « Indésirables », sans être ` +
    `supprimé : il y reste ${SPAM_RETENTION_DAYS} jours, et « Pas un indésirable » le remet ` +
    'dans la boîte avec son suivi.',
  confirmButton: 'Marquer comme indésirable',
  cancelButton: 'Annuler',
  done: (fullName: string) => `Le message de ${fullName} est maintenant dans « Indésirables ».`,
  /** Why a lead typed in (« Nouveau contact ») cannot be marked. */
  typedIn:
    'Un contact saisi à la main ne peut pas être marqué comme indésirable : supprimez-le ' +
    's’il ne sert plus.',
} as const;

/** What marking does to the stored message: its reason and when (its retention counts from then). */
export interface SpamMarkingPatch {
  spamReason: typeof OWNER_SPAM_REASON;
  markedAt: number;
}

export type SpamMarking =
  { marked: true; patch: SpamMarkingPatch } | { marked: false; refusal: string };

/**
 * Whether the owner may mark this message of the inbox as spam at `nowMs`, and the patch.
 * A message from the site's form may be (a person sending advertising); a lead the owner
 * typed in may not: it is not spam, it is deleted if it is of no use. The message keeps its
 * fields, its read flag and its lead (status, notes, quotes), all out of sight until it is put
 * back; it is not notified again then.
 */
export function markAsSpam(message: Pick<ContactMessage, 'source'>, nowMs: number): SpamMarking {
  if (!isFromTheSite(message)) return { marked: false, refusal: SPAM_MARKING_TEXT.typedIn };
  return { marked: true, patch: { spamReason: OWNER_SPAM_REASON, markedAt: nowMs } };
}

/**
 * What « Pas un indésirable » does with a message kept as spam. One the filters kept is new
 * to the owner: unread, and notified as a new message (every channel). One the owner marked
 * comes back as it left: its read flag kept, not notified again (the owner saw it arrive).
 */
export function restoreFromSpam(spam: { spamReason: SpamReason }): {
  unread: boolean;
  notify: boolean;
} {
  const byFilters = spam.spamReason !== OWNER_SPAM_REASON;
  return { unread: byFilters, notify: byFilters };
}

/**
 * From when a message kept as spam counts its SPAM_RETENTION_DAYS: when the owner marked it,
 * or its reception for one the filters kept (a message marked after 29 days in the inbox is
 * not deleted the next hour).
 */
export function spamKeptSince(spam: { receivedAt: number | null; markedAt: number | null }) {
  return spam.markedAt ?? spam.receivedAt;
}

/** The time before which a message kept as spam since then is past its retention, at `nowMs`. */
export function spamRetentionCutoff(nowMs: number): number {
  return nowMs - SPAM_RETENTION_MS;
}
