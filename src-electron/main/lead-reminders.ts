import type { ContactMessage } from '../../shared/domain/contact.ts';
import {
  AGENCY_TIME_ZONE,
  EVERY_DAY_HOURS,
  stillNewReminderAt,
  type WorkingHours,
} from '../../shared/domain/leads/business-hours.ts';
import { isNextActionDue, isStillNewReminderDue } from '../../shared/domain/leads/follow-up.ts';
import { lastNoteOf, newLead, type Lead } from '../../shared/domain/leads/pipeline.ts';
import {
  noticeKey,
  type ReminderNote,
  type ReminderReason,
} from '../../shared/notifications/notice.ts';

/** A reminder the console shows as a system notification. */
export interface ConsoleReminder {
  reason: ReminderReason;
  message: ContactMessage;
  dueAt: number;
  /** The lead's last note (lastNoteOf), as the e-mail and the push carry it. */
  lastNote: ReminderNote | null;
}

/**
 * The console's own reminders (docs/desktop.md): while it runs and the owner is signed in, a
 * lead whose « Relancer le » comes, or that stays « Nouveau » two working hours after it
 * arrived, raises a system notification, once per reminder (a new date, a new one). What was
 * already due when the console started watching (the first look, once both the inbox and the
 * pipeline are known) is not shown: those reminders reached the owner by e-mail, push and
 * webhook, which the server or the Cloud Function sends durably; the console only adds the
 * notification of what falls due while it runs.
 */
export function createLeadReminders(options: {
  clock: () => number;
  notify: (reminder: ConsoleReminder) => void;
  /** The working hours of « Réglages », as last read from the backend (every day 08–20 before). */
  workingHours?: () => WorkingHours;
}) {
  const seen = new Set<string>();
  let first = true;
  return {
    /** A new watch (signed in again, another backend): the next look is a first one again. */
    reset(): void {
      seen.clear();
      first = true;
    },
    /** Looks at the inbox and its pipeline now. */
    check(messages: readonly ContactMessage[], leads: ReadonlyMap<string, Lead>): void {
      const now = options.clock();
      const hours = options.workingHours?.() ?? EVERY_DAY_HOURS;
      for (const message of messages) {
        const lead = leads.get(message.id) ?? newLead(message.id);
        const note = lastNoteOf(lead.timeline);
        const lastNote = note ? { text: note.text, at: note.at } : null;
        const due: ConsoleReminder[] = [];
        if (isNextActionDue(lead, now) && lead.nextActionAt !== null) {
          due.push({ reason: 'follow-up', message, dueAt: lead.nextActionAt, lastNote });
        }
        if (
          message.receivedAt !== null &&
          isStillNewReminderDue(lead, message.receivedAt, now, hours)
        ) {
          const dueAt = stillNewReminderAt(message.receivedAt, AGENCY_TIME_ZONE, hours);
          due.push({ reason: 'still-new', message, dueAt, lastNote });
        }
        for (const reminder of due) {
          const key = noticeKey({ kind: 'reminder', ...reminder });
          if (seen.has(key)) continue;
          seen.add(key);
          if (!first) options.notify(reminder);
        }
      }
      first = false;
    },
  };
}
