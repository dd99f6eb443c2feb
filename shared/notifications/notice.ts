import type { ContactMessage } from '../domain/contact.ts';
import type { DailyDigest } from '../domain/leads/follow-up.ts';
import { z } from 'zod';

/**
 * What the owner is told, on the channels of the registry (registry.ts): a new message, a
 * reminder about a lead (its « Relancer le » has come, or it is still « Nouveau » two working
 * hours after it arrived), or the daily digest (e-mail only: the channels that carry it say
 * so, `ChannelModule.digest`). Both backends hand these to the same channel modules; what each
 * says is composed once, in new-message.ts, reminder.ts and digest-email.ts.
 */
export type OwnerNotice =
  | { kind: 'new-message'; message: ContactMessage }
  | {
      kind: 'reminder';
      reason: ReminderReason;
      message: ContactMessage;
      dueAt: number;
      /** The lead's last note when it is sent (lastNoteOf), none when it has none. */
      lastNote?: ReminderNote | null;
    }
  | { kind: 'digest'; digest: DailyDigest }
  | { kind: 'quote-answer'; message: ContactMessage; answer: QuoteAnswerNotice };

/**
 * A client's answer to a quote, as the owner is told of it (docs/quotes.md): the quote's
 * number, accepted or refused, the client's comment, and what it comes to (the net to pay,
 * in centimes, as a string of digits).
 */
export const quoteAnswerNoticeSchema = z.object({
  quoteId: z.string().min(1),
  number: z.string().min(1),
  decision: z.enum(['accepte', 'refuse']),
  comment: z.string().nullable(),
  netToPay: z.string().regex(/^\d+$/u),
});
export type QuoteAnswerNotice = z.infer<typeof quoteAnswerNoticeSchema>;

/** A note as a reminder carries it: its text and when it was added. */
export interface ReminderNote {
  text: string;
  at: number;
}

/**
 * Why a lead calls for a reminder: `follow-up`, its next action « Relancer le » has come;
 * `still-new`, it is still « Nouveau » two working hours (08:00–20:00 Algiers) after it arrived.
 */
export type ReminderReason = 'follow-up' | 'still-new';
export const REMINDER_REASONS: readonly ReminderReason[] = ['follow-up', 'still-new'];

export type NoticeKind = OwnerNotice['kind'];

/** A new message's notice. */
export const newMessageNotice = (message: ContactMessage): OwnerNotice => ({
  kind: 'new-message',
  message,
});

/**
 * The notice's own identity, the same at every attempt: what a receiver (a webhook, a mail
 * program through the Message-ID, the Cloud Function's delivery records) recognises a repeat
 * by. A new message is its id (as before reminders existed); a reminder, its lead, its reason
 * and the time it is due for (a new « Relancer le » is a new reminder); the digest, its day.
 */
export function noticeKey(notice: OwnerNotice): string {
  switch (notice.kind) {
    case 'new-message':
      return notice.message.id;
    case 'reminder':
      return `${notice.reason === 'follow-up' ? 'relance' : 'nouveau'}-${notice.message.id}-${notice.dueAt}`;
    case 'digest':
      return `resume-${notice.digest.day}`;
    case 'quote-answer':
      return `devis-${notice.answer.quoteId}-${notice.answer.decision}`;
  }
}
