import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { ContactMessage } from '../../shared/domain/contact.ts';
import {
  LEAD_STATUS_CODES,
  lastNoteOf,
  type LeadNote,
} from '../../shared/domain/leads/pipeline.ts';
import { dailyDigestSchema, reminderMootReason } from '../../shared/domain/leads/follow-up.ts';
import type { PushSubscriptionRecord } from '../../shared/notifications/delivery.ts';
import {
  quoteAnswerNoticeSchema,
  type OwnerNotice,
  type ReminderReason,
} from '../../shared/notifications/notice.ts';
import { messageColumns, messageFromRow } from './contact-columns.ts';
import { inTransaction } from './database.ts';

/**
 * A channel's name as stored: one of the registry's (NOTIFICATION_CHANNELS), or, read back, a
 * name this version does not know (a row written by a newer one): its notification is then
 * cancelled, never sent by another channel.
 */
export type NotificationChannel = string;

export type { PushSubscriptionRecord };

/** What a row of the outbox is about (`kind`): a new message, a reminder, the digest. */
export type OutboxKind = 'new-message' | ReminderReason | 'digest' | 'quote-answer';

/** What to queue: one notice, on each channel that carries it. */
export interface QueuedNotice {
  kind: OutboxKind;
  /** The message it is about; null for the digest. */
  contactId: string | null;
  /** A reminder's due time (its « Relancer le », or the end of the 2 working hours). */
  dueAtMs: number | null;
  /** The digest's content, as decided at its hour (JSON). */
  payload: string | null;
}

/** One notification due: what to say (the notice) and, for a push, to which browser. */
export interface OutboxItem {
  id: number;
  channel: NotificationChannel;
  attempts: number;
  createdAtMs: number;
  kind: OutboxKind;
  /** Null when the message was deleted before the notification went out. */
  notice: OwnerNotice | null;
  /**
   * Why a reminder no longer applies (its « Relancer le » moved, the lead was closed or
   * answered since it was queued): it is then cancelled, not sent. Null otherwise.
   */
  moot: string | null;
  /** For a push: the subscription, or null when it was removed since. */
  subscription: PushSubscriptionRecord | null;
}

/** What became of one attempt. */
export type DeliveryOutcome =
  | { id: number; state: 'sent' }
  | { id: number; state: 'cancelled'; reason: string }
  | { id: number; state: 'failed'; error: string }
  | { id: number; state: 'retry'; error: string; nextAttemptAtMs: number };

/** What a batch of attempts says of a channel: any success, and the last error if any. */
export interface ChannelReport {
  channel: NotificationChannel;
  succeeded: boolean;
  lastError: string | null;
}

export interface ChannelHealth {
  lastSuccessAtMs: number | null;
  lastFailureAtMs: number | null;
  lastError: string | null;
  pending: number;
  failed: number;
}

type Row = Record<string, SQLOutputValue>;

function nullableNumber(value: SQLOutputValue | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

const OUTBOX_KINDS: readonly OutboxKind[] = [
  'new-message',
  'follow-up',
  'still-new',
  'digest',
  'quote-answer',
];

function kindOf(value: SQLOutputValue | undefined): OutboxKind {
  // The table's CHECK constraint lets no other value in.
  return OUTBOX_KINDS.find((kind) => kind === value) ?? 'new-message';
}

function noticeOf(
  kind: OutboxKind,
  row: Row,
  message: ContactMessage | null,
  notes: (contactId: string) => LeadNote[],
): OwnerNotice | null {
  if (kind === 'digest') {
    return { kind: 'digest', digest: dailyDigestSchema.parse(JSON.parse(String(row.payload))) };
  }
  if (!message) return null;
  if (kind === 'new-message') return { kind, message };
  if (kind === 'quote-answer') {
    const answer = quoteAnswerNoticeSchema.parse(JSON.parse(String(row.payload)));
    return { kind, message, answer };
  }
  // The last note as it is when the reminder goes out (one corrected since is sent corrected).
  const note = lastNoteOf(notes(message.id));
  return {
    kind: 'reminder',
    reason: kind,
    message,
    dueAt: Number(row.due_at_ms),
    lastNote: note ? { text: note.text, at: note.at } : null,
  };
}

function noteOf(row: Row): LeadNote {
  return {
    id: String(row.id),
    type: 'note',
    at: Number(row.at_ms),
    text: String(row.text),
    correctedAt: nullableNumber(row.corrected_at_ms),
  };
}

/** Why a queued reminder no longer applies (`reminderMootReason`), from its lead as it is now. */
function mootReason(kind: OutboxKind, row: Row): string | null {
  if (kind !== 'follow-up' && kind !== 'still-new') return null;
  const lead = {
    status: LEAD_STATUS_CODES.find((code) => code === row.lead_status) ?? 'nouveau',
    nextActionAt: nullableNumber(row.lead_next_action_at_ms),
  };
  return reminderMootReason(kind, lead, Number(row.due_at_ms));
}

function toItem(row: Row, notes: (contactId: string) => LeadNote[]): OutboxItem {
  const kind = kindOf(row.kind);
  const message = row.id === null ? null : messageFromRow(row);
  return {
    id: Number(row.outbox_id),
    channel: String(row.channel),
    attempts: Number(row.attempts),
    createdAtMs: Number(row.outbox_created_at_ms),
    kind,
    notice: noticeOf(kind, row, message, notes),
    moot: message ? mootReason(kind, row) : null,
    subscription:
      row.endpoint === null
        ? null
        : {
            endpoint: String(row.endpoint),
            keys: { p256dh: String(row.p256dh), auth: String(row.auth) },
          },
  };
}

/** All SQL about the notification outbox, the push subscriptions and delivery health. */
export class NotificationsRepository {
  readonly #db: DatabaseSync;
  readonly #enqueueOne: StatementSync;
  readonly #enqueuePerSubscription: StatementSync;
  readonly #due: StatementSync;
  readonly #nextDue: StatementSync;
  readonly #sent: StatementSync;
  readonly #retry: StatementSync;
  readonly #finish: StatementSync;
  readonly #allDue: StatementSync;
  readonly #sameTargetDue: StatementSync;
  readonly #prune: StatementSync;
  readonly #markReminder: StatementSync;
  readonly #digestDay: StatementSync;
  readonly #health: StatementSync;
  readonly #counts: StatementSync;
  readonly #healthSuccess: StatementSync;
  readonly #healthFailure: StatementSync;
  readonly #upsertSubscription: StatementSync;
  readonly #deleteSubscription: StatementSync;
  readonly #cancelForSubscription: StatementSync;
  readonly #countSubscriptions: StatementSync;
  readonly #findSubscription: StatementSync;
  readonly #notes: StatementSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#enqueueOne = db.prepare(
      `INSERT INTO notification_outbox
         (contact_id, kind, due_at_ms, payload, channel, next_attempt_at_ms, created_at_ms,
          updated_at_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#enqueuePerSubscription = db.prepare(
      `INSERT INTO notification_outbox
         (contact_id, kind, due_at_ms, payload, channel, subscription, next_attempt_at_ms,
          created_at_ms, updated_at_ms)
       SELECT ?, ?, ?, ?, ?, endpoint, ?, ?, ? FROM push_subscriptions`,
    );
    this.#markReminder = db.prepare(
      `INSERT OR IGNORE INTO lead_reminders (contact_id, reason, due_at_ms, queued_at_ms)
       VALUES (?, ?, ?, ?)`,
    );
    this.#digestDay = db.prepare('UPDATE reminder_state SET digest_day = ? WHERE id = 1');
    this.#due = db.prepare(
      `SELECT o.id AS outbox_id, o.channel, o.attempts, o.created_at_ms AS outbox_created_at_ms,
         o.kind, o.due_at_ms, o.payload, ${messageColumns('c')}, s.endpoint, s.p256dh, s.auth,
         l.status AS lead_status, l.next_action_at_ms AS lead_next_action_at_ms
       FROM notification_outbox o
       LEFT JOIN contacts c ON c.id = o.contact_id
       LEFT JOIN push_subscriptions s ON s.endpoint = o.subscription
       LEFT JOIN leads l ON l.contact_id = o.contact_id
       WHERE o.state = 'pending' AND o.channel = ? AND o.next_attempt_at_ms <= ?
       ORDER BY o.next_attempt_at_ms, o.id LIMIT ?`,
    );
    this.#nextDue = db.prepare(
      `SELECT MIN(next_attempt_at_ms) AS at FROM notification_outbox
       WHERE state = 'pending' AND channel = ?`,
    );
    this.#sent = db.prepare(
      `UPDATE notification_outbox SET state = 'sent', attempts = attempts + 1, last_error = NULL,
         updated_at_ms = ? WHERE id = ?`,
    );
    this.#retry = db.prepare(
      `UPDATE notification_outbox SET attempts = attempts + 1, last_error = ?,
         next_attempt_at_ms = ?, updated_at_ms = ? WHERE id = ?`,
    );
    this.#finish = db.prepare(
      `UPDATE notification_outbox SET state = ?, attempts = attempts + ?, last_error = ?,
         updated_at_ms = ? WHERE id = ?`,
    );
    this.#allDue = db.prepare(
      `UPDATE notification_outbox SET next_attempt_at_ms = ? WHERE state = 'pending'`,
    );
    this.#sameTargetDue = db.prepare(
      `UPDATE notification_outbox SET next_attempt_at_ms = ?
       WHERE state = 'pending' AND channel = ? AND subscription IS ? AND next_attempt_at_ms > ?`,
    );
    this.#prune = db.prepare(
      `DELETE FROM notification_outbox WHERE state IN ('sent', 'cancelled') AND updated_at_ms < ?`,
    );
    this.#health = db.prepare(
      `SELECT last_success_at_ms, last_failure_at_ms, last_error FROM notification_health
       WHERE channel = ?`,
    );
    this.#counts = db.prepare(
      `SELECT COALESCE(SUM(state = 'pending'), 0) AS pending,
         COALESCE(SUM(state = 'failed'), 0) AS failed
       FROM notification_outbox WHERE channel = ?`,
    );
    this.#healthSuccess = db.prepare(
      `INSERT INTO notification_health (channel, last_success_at_ms) VALUES (?, ?)
       ON CONFLICT (channel) DO UPDATE SET last_success_at_ms = excluded.last_success_at_ms`,
    );
    this.#healthFailure = db.prepare(
      `INSERT INTO notification_health (channel, last_failure_at_ms, last_error) VALUES (?, ?, ?)
       ON CONFLICT (channel) DO UPDATE SET last_failure_at_ms = excluded.last_failure_at_ms,
         last_error = excluded.last_error`,
    );
    this.#upsertSubscription = db.prepare(
      `INSERT INTO push_subscriptions (endpoint, admin_id, p256dh, auth, created_at_ms)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (endpoint) DO UPDATE SET admin_id = excluded.admin_id,
         p256dh = excluded.p256dh, auth = excluded.auth`,
    );
    this.#deleteSubscription = db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?');
    this.#cancelForSubscription = db.prepare(
      `UPDATE notification_outbox SET state = 'cancelled', last_error = ?, updated_at_ms = ?
       WHERE state = 'pending' AND subscription = ?`,
    );
    this.#countSubscriptions = db.prepare(
      'SELECT COUNT(*) AS count FROM push_subscriptions WHERE admin_id = ?',
    );
    this.#notes = db.prepare(
      `SELECT id, at_ms, text, corrected_at_ms FROM lead_timeline
       WHERE contact_id = ? AND type = 'note'`,
    );
    this.#findSubscription = db.prepare(
      'SELECT 1 AS found FROM push_subscriptions WHERE endpoint = ?',
    );
  }

  /**
   * Records what to tell the owner about these new messages, on each channel turned on: one
   * notification per message (e-mail, webhook), or one per subscribed browser (push). Called
   * inside the messages' own transaction.
   */
  enqueue(
    contactIds: readonly string[],
    channels: readonly { name: NotificationChannel; fanOut: 'message' | 'subscription' }[],
    nowMs: number,
  ): void {
    this.enqueueNotices(
      contactIds.map((contactId) => ({
        kind: 'new-message',
        contactId,
        dueAtMs: null,
        payload: null,
      })),
      channels,
      nowMs,
    );
  }

  /** Records these notices on each of these channels (inside the caller's transaction). */
  enqueueNotices(
    notices: readonly QueuedNotice[],
    channels: readonly { name: NotificationChannel; fanOut: 'message' | 'subscription' }[],
    nowMs: number,
  ): void {
    for (const { kind, contactId, dueAtMs, payload } of notices) {
      for (const { name, fanOut } of channels) {
        const insert = fanOut === 'message' ? this.#enqueueOne : this.#enqueuePerSubscription;
        insert.run(contactId, kind, dueAtMs, payload, name, nowMs, nowMs, nowMs);
      }
    }
  }

  /**
   * Queues these reminders on each channel and notes each as queued (lead_reminders), in one
   * transaction: each goes once, and none is lost to a crash.
   */
  enqueueReminders(
    reminders: readonly { contactId: string; reason: ReminderReason; dueAtMs: number }[],
    channels: readonly { name: NotificationChannel; fanOut: 'message' | 'subscription' }[],
    nowMs: number,
  ): void {
    if (reminders.length === 0) return;
    inTransaction(this.#db, () => {
      for (const { contactId, reason, dueAtMs } of reminders) {
        this.#markReminder.run(contactId, reason, dueAtMs, nowMs);
      }
      this.enqueueNotices(
        reminders.map(({ contactId, reason, dueAtMs }) => ({
          kind: reason,
          contactId,
          dueAtMs,
          payload: null,
        })),
        channels,
        nowMs,
      );
    });
  }

  /**
   * Decides a day's digest: queues it on these channels (null: nothing in it, nothing sent)
   * and notes the day as done, in one transaction.
   */
  enqueueDigest(
    day: string,
    payload: string | null,
    channels: readonly { name: NotificationChannel; fanOut: 'message' | 'subscription' }[],
    nowMs: number,
  ): void {
    inTransaction(this.#db, () => {
      if (payload !== null) {
        this.enqueueNotices(
          [{ kind: 'digest', contactId: null, dueAtMs: null, payload }],
          channels,
          nowMs,
        );
      }
      this.#digestDay.run(day);
    });
  }

  /** The notifications due at `nowMs`, oldest first. */
  due(channel: NotificationChannel, nowMs: number, limit: number): OutboxItem[] {
    const notes = (contactId: string) => this.#notes.all(contactId).map(noteOf);
    return this.#due.all(channel, nowMs, limit).map((row) => toItem(row, notes));
  }

  /** When the next pending notification is due, or null when none is pending. */
  nextDueAtMs(channel: NotificationChannel): number | null {
    return nullableNumber(this.#nextDue.get(channel)?.at);
  }

  /**
   * Writes what became of a batch of attempts and the channels' health, in one transaction
   * (one disk sync). A channel that answered again (a success) has what waits for it brought
   * forward: the e-mails need not wait out their back-off once the SMTP server is back.
   */
  record(
    outcomes: readonly DeliveryOutcome[],
    reports: readonly ChannelReport[],
    nowMs: number,
  ): void {
    if (outcomes.length === 0 && reports.length === 0) return;
    inTransaction(this.#db, () => {
      for (const outcome of outcomes) {
        switch (outcome.state) {
          case 'sent':
            this.#sent.run(nowMs, outcome.id);
            break;
          case 'retry':
            this.#retry.run(outcome.error, outcome.nextAttemptAtMs, nowMs, outcome.id);
            break;
          case 'failed':
            this.#finish.run('failed', 1, outcome.error, nowMs, outcome.id);
            break;
          case 'cancelled':
            this.#finish.run('cancelled', 0, outcome.reason, nowMs, outcome.id);
            break;
        }
      }
      for (const report of reports) {
        if (report.lastError !== null) {
          this.#healthFailure.run(report.channel, nowMs, report.lastError);
        }
        if (report.succeeded) {
          this.#healthSuccess.run(report.channel, nowMs);
          // Its receiver answers again: what waits for it need not wait out its back-off (a
          // push waits for its own browser's service, which says nothing of the others).
          this.#sameTargetDue.run(nowMs, report.channel, null, nowMs);
        }
      }
    });
  }

  /** Everything pending becomes due now (at start: a restart is the moment to try again). */
  makeAllDue(nowMs: number): void {
    this.#allDue.run(nowMs);
  }

  /** Forgets the notifications delivered or cancelled before `beforeMs`. */
  prune(beforeMs: number): void {
    this.#prune.run(beforeMs);
  }

  health(channel: NotificationChannel): ChannelHealth {
    const row = this.#health.get(channel);
    const counts = this.#counts.get(channel);
    return {
      lastSuccessAtMs: nullableNumber(row?.last_success_at_ms),
      lastFailureAtMs: nullableNumber(row?.last_failure_at_ms),
      lastError: row?.last_error == null ? null : String(row.last_error),
      pending: Number(counts?.pending ?? 0),
      failed: Number(counts?.failed ?? 0),
    };
  }

  /** Adds (or refreshes) a browser's subscription for this admin. */
  saveSubscription(adminId: number, subscription: PushSubscriptionRecord, nowMs: number): void {
    const { endpoint, keys } = subscription;
    this.#upsertSubscription.run(endpoint, adminId, keys.p256dh, keys.auth, nowMs);
  }

  /** Removes a subscription; what was still to be pushed to it is cancelled. */
  removeSubscription(endpoint: string, reason: string, nowMs: number): boolean {
    return inTransaction(this.#db, () => {
      this.#cancelForSubscription.run(reason, nowMs, endpoint);
      return Number(this.#deleteSubscription.run(endpoint).changes) > 0;
    });
  }

  hasSubscription(endpoint: string): boolean {
    return this.#findSubscription.get(endpoint) !== undefined;
  }

  subscriptionCount(adminId: number): number {
    return Number(this.#countSubscriptions.get(adminId)?.count ?? 0);
  }
}
