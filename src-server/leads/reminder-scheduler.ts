import type { FastifyBaseLogger } from 'fastify';
import {
  AGENCY_TIME_ZONE,
  EVERY_DAY_HOURS,
  localDay,
  stillNewReminderAt,
  type WorkingHours,
} from '../../shared/domain/leads/business-hours.ts';
import { isStillNewReminderDue } from '../../shared/domain/leads/follow-up.ts';
import { digestDayDue, type DigestTime } from '../../shared/domain/leads/digest-time.ts';
import { dailyDigest } from '../../shared/domain/leads/follow-up.ts';
import { DIGEST_SPAM_WINDOW_MS } from '../../shared/domain/spam-day.ts';
import type { Clock } from '../clock.ts';
import type { RemindersRepository } from '../db/reminders-repository.ts';
import type { NotificationOutbox } from '../notifications/notification-outbox.ts';

/** How often the reminders are looked for: a reminder is at most this late. */
export const REMINDER_CHECK_INTERVAL_MS = 30_000;

export interface ReminderSchedulerOptions {
  repository: RemindersRepository;
  outbox: Pick<NotificationOutbox, 'remind' | 'sendDigest'>;
  clock: Clock;
  /**
   * When the digest goes out, null when it is off: « Réglages », read at each round (a change
   * is effective at the next one), DIGEST_TIME until they are first saved.
   */
  digestTime: () => DigestTime | null;
  /** The working hours of « Réglages » the « 2 heures » count (every day 08–20 by default). */
  workingHours?: () => WorkingHours;
  log: FastifyBaseLogger;
  /** REMINDER_CHECK_INTERVAL_MS; tests shorten it and move their clock. */
  intervalMs?: number;
}

/**
 * The embedded server's reminders (docs/inbox.md, « Les rappels et le résumé quotidien »):
 * at start, then every `intervalMs`, on the server's clock, it queues in the notification
 * outbox (durable, retried, kept across a restart) a reminder for each lead whose « Relancer
 * le » has come (once per date: a new date re-arms it), one for each lead still « Nouveau »
 * two working hours after it arrived (once), and, at the digest's time, the day's digest
 * (once a day; none on a day with nothing in it), with the sent quotes never opened 3 days on and the invoices « En retard ». What was queued is noted in the same
 * transaction: a crash neither loses nor repeats one.
 */
export class ReminderScheduler {
  readonly #options: ReminderSchedulerOptions;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: ReminderSchedulerOptions) {
    this.#options = options;
  }

  start(): void {
    this.check();
    this.#timer ??= setInterval(
      () => this.check(),
      this.#options.intervalMs ?? REMINDER_CHECK_INTERVAL_MS,
    );
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Queues what has fallen due by now. A failed round (a busy disk) is retried at the next. */
  check(): void {
    const { repository, outbox, clock, digestTime, log } = this.#options;
    try {
      const now = clock();
      const hours = this.#options.workingHours?.() ?? EVERY_DAY_HOURS;
      const { sinceMs, digestDay } = repository.state(now);
      const followUps = repository
        .followUpsDue(now)
        .map(({ contactId, dueAtMs }) => ({ contactId, reason: 'follow-up' as const, dueAtMs }));
      // The candidates are « Nouveau » and two hours old at least; the rule decides which are due.
      const stillNew = repository
        .stillNewCandidates(sinceMs, now)
        .filter(({ receivedAt }) =>
          isStillNewReminderDue({ status: 'nouveau' }, receivedAt, now, hours),
        )
        .map(({ contactId, receivedAt }) => ({
          contactId,
          reason: 'still-new' as const,
          dueAtMs: stillNewReminderAt(receivedAt, AGENCY_TIME_ZONE, hours),
        }));
      outbox.remind([...followUps, ...stillNew]);

      const day = digestDayDue(now, digestTime(), digestDay);
      if (day !== null) {
        const inbox = repository.digestCandidates(now, sinceMs);
        const leads = new Map(inbox.map((lead) => [lead.id, lead]));
        const spam = repository.spamReceivedSince(now - DIGEST_SPAM_WINDOW_MS);
        outbox.sendDigest(
          day,
          dailyDigest(inbox, leads, now, {
            hours,
            unansweredSince: sinceMs,
            spam,
            quotes: repository.unopenedCandidates(),
            invoices: repository.overdueInvoiceCandidates(localDay(now)),
          }),
        );
      }
    } catch (error) {
      log.error({ err: error }, 'Rappels : recherche interrompue, nouvel essai au prochain tour');
    }
  }
}
