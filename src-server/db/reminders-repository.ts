import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { STILL_NEW_REMINDER_MS } from '../../shared/domain/leads/business-hours.ts';
import {
  CLOSED_STATUSES,
  LEAD_STATUS_CODES,
  type LeadStatus,
} from '../../shared/domain/leads/pipeline.ts';
import type { DigestMessage } from '../../shared/domain/leads/follow-up.ts';
import { quoteJsonSchema } from '../../shared/domain/quotes/record.ts';
import type { UnopenedCandidate } from '../../shared/domain/quotes/unopened.ts';
import type { OverdueCandidate } from '../../shared/domain/invoices/overdue.ts';
import { InvoicesRepository } from './invoices-repository.ts';
import type { SpamReason } from '../../shared/domain/contact.ts';
import { spamReasonFromRow } from './contacts-repository.ts';

/** A lead of the inbox as the reminders and the digest look at it. */
export interface ReminderLead extends DigestMessage {
  status: LeadStatus;
  nextActionAt: number | null;
}

const DAY_MS = 86_400_000;

const CLOSED = CLOSED_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * The SQL the reminders read (src-server/leads/reminder-scheduler.ts): the cut-off and the
 * digest's last day (reminder_state), the leads whose follow-up has come and not yet been
 * reminded, the « Nouveau » leads that might be past their 2 working hours, and the inbox and
 * the sent quotes never opened and the invoices past their due date for the digest. Queuing them is the outbox's (notifications-repository.ts), in one transaction.
 */
export class RemindersRepository {
  readonly #start: StatementSync;
  readonly #state: StatementSync;
  readonly #followUps: StatementSync;
  readonly #stillNew: StatementSync;
  readonly #inbox: StatementSync;
  readonly #spamSince: StatementSync;
  readonly #unopened: StatementSync;
  readonly #invoices: InvoicesRepository;

  constructor(db: DatabaseSync) {
    this.#invoices = new InvoicesRepository(db);
    this.#start = db.prepare(
      'INSERT OR IGNORE INTO reminder_state (id, since_ms, digest_day) VALUES (1, ?, NULL)',
    );
    this.#state = db.prepare('SELECT since_ms, digest_day FROM reminder_state WHERE id = 1');
    this.#followUps = db.prepare(
      `SELECT l.contact_id, l.next_action_at_ms FROM leads l
       JOIN contacts c ON c.id = l.contact_id AND c.spam_reason IS NULL
       WHERE l.next_action_at_ms <= ? AND l.status NOT IN (${CLOSED})
         AND NOT EXISTS (SELECT 1 FROM lead_reminders r WHERE r.contact_id = l.contact_id
           AND r.reason = 'follow-up' AND r.due_at_ms = l.next_action_at_ms)`,
    );
    // Two working hours are two hours at least: only those messages can be due.
    this.#stillNew = db.prepare(
      `SELECT c.id, c.created_at_ms FROM contacts c
       LEFT JOIN leads l ON l.contact_id = c.id
       WHERE c.spam_reason IS NULL AND c.created_at_ms >= ? AND c.created_at_ms <= ?
         AND (l.status IS NULL OR l.status = 'nouveau')
         AND NOT EXISTS (SELECT 1 FROM lead_reminders r WHERE r.contact_id = c.id
           AND r.reason = 'still-new')`,
    );
    // Only the messages the digest can name, each set found on an index (issue 48: reading the
    // whole inbox held the event loop for seconds at 1,000,000 messages): the follow-ups due by
    // tomorrow, the messages received since the cut-off that may be past their 2 working hours
    // (still « Nouveau »), and the leads of the sent quotes never opened. The rule (dailyDigest)
    // decides among them exactly as among the whole inbox.
    this.#inbox = db.prepare(
      `SELECT c.id, c.full_name, c.subject, c.created_at_ms, l.status, l.next_action_at_ms
       FROM contacts c LEFT JOIN leads l ON l.contact_id = c.id
       WHERE c.spam_reason IS NULL AND c.id IN (
         SELECT contact_id FROM leads WHERE next_action_at_ms < ?
         UNION ALL
         SELECT n.id FROM contacts n LEFT JOIN leads nl ON nl.contact_id = n.id
         WHERE n.spam_reason IS NULL AND n.created_at_ms >= ? AND n.created_at_ms <= ?
           AND (nl.status IS NULL OR nl.status = 'nouveau')
         UNION ALL
         SELECT contact_id FROM quotes WHERE status = 'envoye' AND first_viewed_at_ms IS NULL)
       ORDER BY c.seq`,
    );
    this.#unopened = db.prepare(
      `SELECT id, contact_id, number, client_json, sent_at_ms, valid_until FROM quotes
       WHERE status = 'envoye' AND first_viewed_at_ms IS NULL`,
    );
    this.#spamSince = db.prepare(
      // A message is marked after it arrives: the first bound, on the spam's index, is the
      // second's superset.
      `SELECT created_at_ms, spam_reason FROM contacts
       WHERE spam_reason IS NOT NULL AND COALESCE(spam_marked_at_ms, created_at_ms) > ?1
         AND created_at_ms > ?1`,
    );
  }

  /**
   * The sent quotes the client has not opened: the candidates of `unopenedQuotes`
   * (shared/domain/quotes/unopened.ts), which decides which the digest lists.
   */
  unopenedCandidates(): UnopenedCandidate[] {
    return this.#unopened.all().map((row) => ({
      id: String(row.id),
      leadId: String(row.contact_id),
      number: row.number == null ? null : String(row.number),
      status: 'envoye',
      client: quoteJsonSchema.shape.client.parse(JSON.parse(String(row.client_json))),
      sentAt: row.sent_at_ms == null ? null : Number(row.sent_at_ms),
      validUntil: String(row.valid_until),
      viewedAt: null,
    }));
  }

  /**
   * The invoices whose due date is before `today` (ISO day, Algiers): the candidates of
   * `overdueInvoices` (shared/domain/invoices/overdue.ts), which decides which the digest lists.
   */
  overdueInvoiceCandidates(today: string): OverdueCandidate[] {
    return this.#invoices.pastDue(today);
  }

  /**
   * When each message still kept as spam arrived, and why, for those received after
   * `sinceMs` (the digest leaves out those the owner marked: keptAsSpamForDigest).
   */
  spamReceivedSince(sinceMs: number): { receivedAt: number; spamReason: SpamReason }[] {
    return this.#spamSince.all(sinceMs).map((row) => ({
      receivedAt: Number(row.created_at_ms),
      spamReason: spamReasonFromRow(row.spam_reason),
    }));
  }

  /**
   * The cut-off (when reminders started), written at the first start with this table, and
   * the last day whose digest was decided.
   */
  state(nowMs: number): { sinceMs: number; digestDay: string | null } {
    this.#start.run(nowMs);
    const row = this.#state.get();
    return {
      sinceMs: Number(row?.since_ms ?? nowMs),
      digestDay: row?.digest_day == null ? null : String(row.digest_day),
    };
  }

  /** Leads whose « Relancer le » has come by `nowMs` and was not reminded yet. */
  followUpsDue(nowMs: number): { contactId: string; dueAtMs: number }[] {
    return this.#followUps.all(nowMs).map((row) => ({
      contactId: String(row.contact_id),
      dueAtMs: Number(row.next_action_at_ms),
    }));
  }

  /**
   * Messages received since `sinceMs`, still « Nouveau », never reminded, and at least two
   * hours old: the ones whose 2 working hours may have run out.
   */
  stillNewCandidates(sinceMs: number, nowMs: number): { contactId: string; receivedAt: number }[] {
    return this.#stillNew.all(sinceMs, nowMs - STILL_NEW_REMINDER_MS).map((row) => ({
      contactId: String(row.id),
      receivedAt: Number(row.created_at_ms),
    }));
  }

  /**
   * The messages of the inbox the digest of `nowMs` can name, with their lead's status and
   * next action: a follow-up due by tomorrow, a message received since `sinceMs` still
   * « Nouveau » and two hours old, or the lead of a sent quote never opened. What dailyDigest
   * would take from the whole inbox, read on indexes.
   */
  digestCandidates(nowMs: number, sinceMs: number): ReminderLead[] {
    return this.#inbox
      .all(nowMs + 2 * DAY_MS, sinceMs, nowMs - STILL_NEW_REMINDER_MS)
      .map((row) => ({
        id: String(row.id),
        fullName: String(row.full_name),
        subject: String(row.subject),
        receivedAt: Number(row.created_at_ms),
        status: LEAD_STATUS_CODES.find((code) => code === row.status) ?? 'nouveau',
        nextActionAt: row.next_action_at_ms == null ? null : Number(row.next_action_at_ms),
      }));
  }
}
