import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessage } from '../../shared/domain/contact.ts';
import type { DailyDigest } from '../../shared/domain/leads/follow-up.ts';
import type { QuoteAnswerNotice, ReminderReason } from '../../shared/notifications/notice.ts';
import { healthReport, type Attempt } from '../../shared/notifications/delivery.ts';
import type { ChannelModule, ChannelSetup } from '../../shared/notifications/channel.ts';
import { emailChannel } from '../../shared/notifications/channels/email.ts';
import { NOTIFICATION_CHANNEL_REGISTRY } from '../../shared/notifications/registry.ts';
import {
  givenUpLine,
  givesUp,
  OUTBOX_RETRY_POLICY,
  retryDelayMs,
  type RetryPolicy,
} from '../../shared/notifications/retry-policy.ts';
import { PUBLIC_ONLY, type AddressPolicy } from '../../shared/node/public-address.ts';
import {
  notificationStatusSchemaFor,
  type NotificationStatus,
} from '../../shared/notifications/status.ts';
import type { EmailTransportOptions } from '../../shared/node/email-transport.ts';
import type { Clock } from '../clock.ts';
import type { NewMessageNotifier } from '../contacts/contact-inbox.ts';
import { outboxChannels, type OutboxChannel } from './channels.ts';
import { PushSubscriptions } from './push-subscriptions.ts';
import { TestEmails, type EmailSettings } from './test-email.ts';
import type {
  ChannelReport,
  DeliveryOutcome,
  NotificationChannel,
  NotificationsRepository,
  OutboxItem,
} from '../db/notifications-repository.ts';

/** Notifications attempted together; their outcomes are written in one transaction. */
const BATCH_SIZE = 50;
/** Delivered and cancelled notifications are forgotten after this long. */
const KEEP_DONE_MS = 30 * 24 * 3600_000;
/**
 * After outcomes could not be written (a full disk), how long before writing them again: the
 * first wait, doubled each time, up to the second.
 */
const WRITE_RETRY_MS = { first: 500, max: 30_000 };

export interface NotificationOutboxOptions {
  repository: NotificationsRepository;
  clock: Clock;
  /**
   * The test e-mail's settings (« Envoyer un e-mail de test »); null without SMTP_URL. The
   * e-mails of new messages go through the registry's e-mail channel.
   */
  email: EmailSettings | null;
  /** What the channels are set up from: the server's configuration and Node's transports. */
  setup: ChannelSetup;
  /**
   * The channels (shared/notifications/registry.ts by default): the tests register one of
   * their own here, to show that a channel needs nothing else.
   */
  channels?: readonly ChannelModule[];
  /** Which addresses a push endpoint may lead to (public ones; loopback too in tests). */
  addresses?: AddressPolicy;
  log: FastifyBaseLogger;
  /**
   * Where the server's console lines go (stdout): a channel's failure (its module's
   * `streakLines`: e-mail's) is written once per failure streak, and its end once, so that an
   * outage neither goes unseen nor floods it.
   */
  say?: (line: string) => void;
  retry?: RetryPolicy;
  /** Tests shorten nodemailer's timeouts to see a stalled server fail without waiting. */
  smtpTimeouts?: EmailTransportOptions['timeouts'];
  random?: () => number;
}

/**
 * The owner's notifications of new messages, delivered from the outbox. ContactInbox records
 * them in the message's own transaction (`enqueue`) and wakes the worker once committed; the
 * worker sends what is due (e-mail over SMTP, push with web-push), a batch at a time, and
 * writes each outcome: sent, retry later (back-off), failed after 3 days, or cancelled (the
 * message was deleted, or the browser unsubscribed). Nothing here runs in the visitor's
 * request. After a crash, what was pending is still pending: it is sent at the next start,
 * at least once, with the same Message-ID. The browsers subscribed to push are kept by
 * `pushSubscriptions` (push-subscriptions.ts), the test e-mail sent by `testEmails`
 * (test-email.ts), whose outcome goes to the e-mail channel's health; every other channel comes
 * from the registry (channels.ts) and is named nowhere here.
 */
export class NotificationOutbox implements NewMessageNotifier {
  readonly #repository: NotificationsRepository;
  readonly #clock: Clock;
  /** Every channel of the registry, turned on or not, by name (channels.ts). */
  readonly #channels: ReadonlyMap<string, OutboxChannel>;
  /** The status of these channels, each with its details. */
  readonly #statusSchema: ReturnType<typeof notificationStatusSchemaFor>;
  readonly #log: FastifyBaseLogger;
  readonly #say: (line: string) => void;
  /** The channels whose last attempt failed (a streak in progress, already said). */
  readonly #failing = new Set<NotificationChannel>();
  readonly #retry: RetryPolicy;
  readonly #random: () => number;
  /** The browsers subscribed to push (one notification each per new message). */
  readonly pushSubscriptions: PushSubscriptions;
  /** « Envoyer un e-mail de test », reported to the e-mail channel's health. */
  readonly testEmails: TestEmails;
  /**
   * Outcomes of the batches in flight, written when one ends (or at close). They stay here
   * until written: a write that fails (a full disk) keeps them, and nothing more is sent
   * until they are written, so that no notification goes out twice for it (issue 47).
   */
  #settled: { channel: NotificationChannel; attempt: Attempt; outcome: DeliveryOutcome }[] = [];
  /** The reason the last write of outcomes failed, while it does (null: writes go through). */
  #unwritable: string | null = null;
  #writeRetryMs = WRITE_RETRY_MS.first;
  // One worker per channel: a stalled SMTP server (minutes per batch) must not hold up the
  // pushes of new messages, nor the reverse.
  readonly #timers = new Map<NotificationChannel, NodeJS.Timeout>();
  readonly #running = new Set<NotificationChannel>();
  #started = false;
  #closed = false;

  constructor(options: NotificationOutboxOptions) {
    this.#repository = options.repository;
    this.#clock = options.clock;
    this.#log = options.log;
    this.#say = options.say ?? ((line) => process.stdout.write(`${line}\n`));
    this.#retry = options.retry ?? OUTBOX_RETRY_POLICY;
    this.#random = options.random ?? Math.random;
    const { repository, clock, channels = NOTIFICATION_CHANNEL_REGISTRY } = options;
    this.#statusSchema = notificationStatusSchemaFor(channels);
    this.#channels = outboxChannels(channels, options.setup, (adminId) =>
      repository.subscriptionCount(adminId),
    );
    this.pushSubscriptions = new PushSubscriptions({
      repository,
      clock,
      addresses: options.addresses ?? PUBLIC_ONLY,
    });
    this.testEmails = new TestEmails({
      settings: options.email,
      clock,
      smtpTimeouts: options.smtpTimeouts,
      report: (outcome) => this.#reportTestEmail(outcome),
    });
  }

  /** Who receives the e-mails, when e-mail is on. */
  get recipient(): string | null {
    return this.testEmails.recipient;
  }

  /** Starts delivering; what a previous run left pending is tried at once. */
  start(): void {
    const now = this.#clock();
    this.#repository.makeAllDue(now);
    this.#repository.prune(now - KEEP_DONE_MS);
    this.#started = true;
    for (const channel of this.#enabled()) this.#schedule(channel.name, 0);
  }

  enqueue(messages: readonly ContactMessage[]): void {
    this.#repository.enqueue(
      messages.map((message) => message.id),
      this.#enabled(),
      this.#clock(),
    );
  }

  /**
   * Queues reminders about leads on every channel turned on, each noted as queued in the same
   * transaction (it goes once), then wakes the workers.
   */
  remind(reminders: readonly { contactId: string; reason: ReminderReason; dueAtMs: number }[]) {
    if (reminders.length === 0) return;
    this.#repository.enqueueReminders(reminders, this.#enabled(), this.#clock());
    this.wake();
  }

  /**
   * Decides a day's digest: queued on the channels that carry it (e-mail) when it has
   * something in it, and the day noted as done either way, in one transaction.
   */
  sendDigest(day: string, digest: DailyDigest | null): void {
    const channels = this.#enabled().filter((channel) => channel.digest);
    const payload = digest === null || channels.length === 0 ? null : JSON.stringify(digest);
    this.#repository.enqueueDigest(day, payload, channels, this.#clock());
    if (payload !== null) this.wake();
  }

  /**
   * Queues the owner's notice of a client's answer to a quote on every channel turned on,
   * inside the caller's transaction (the answer's: both are kept, or neither); the caller
   * wakes the workers once it is committed.
   */
  queueQuoteAnswer(contactId: string, answer: QuoteAnswerNotice): void {
    this.#repository.enqueueNotices(
      [{ kind: 'quote-answer', contactId, dueAtMs: null, payload: JSON.stringify(answer) }],
      this.#enabled(),
      this.#clock(),
    );
  }

  wake(): void {
    for (const { name } of this.#enabled()) {
      if (!this.#running.has(name)) this.#schedule(name, 0);
    }
  }

  /** The channels turned on: the only ones queued to, and whose timers run. */
  #enabled(): OutboxChannel[] {
    return [...this.#channels.values()].filter((channel) => channel.enabled);
  }

  /**
   * Stops: no new attempt starts; outcomes already known are written; sends still in flight
   * are abandoned and stay pending, for the next start.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    for (const channel of this.#channels.values()) channel.close();
    // What cannot be written now is sent again at the next start (at least once).
    this.#recordSettled();
  }

  /** Each registered channel's health and details, for the dashboard. */
  status(adminId: number): NotificationStatus {
    const status: Record<string, unknown> = {};
    for (const channel of this.#channels.values()) {
      const health = this.#repository.health(channel.name);
      status[channel.name] = {
        enabled: channel.enabled,
        lastSuccessAt: health.lastSuccessAtMs,
        lastFailureAt: health.lastFailureAtMs,
        lastError: health.lastError,
        pending: health.pending,
        failed: health.failed,
        giveUpAfterMs: this.#retry.giveUpAfterMs,
        ...channel.details(adminId),
      };
    }
    // The registry and the shared schema must agree (a channel's details, the dashboard's
    // channels): a mismatch is a programming error, said here rather than on the dashboard.
    return this.#statusSchema.parse(status) as NotificationStatus;
  }

  /**
   * A test e-mail's outcome, in the e-mail channel's health; a failure starts a streak on the
   * console (its end is said by the queue's next delivery); one that went wakes the queue.
   */
  #reportTestEmail(outcome: { succeeded: boolean; lastError: string | null }): void {
    const report: ChannelReport = { channel: emailChannel.name, ...outcome };
    if (!outcome.succeeded) this.#sayStreak(report);
    if (this.#closed) return;
    this.#repository.record([], [report], this.#clock());
    if (outcome.succeeded) this.wake();
  }

  #schedule(channel: NotificationChannel, delayMs: number): void {
    if (this.#closed || !this.#started) return;
    clearTimeout(this.#timers.get(channel));
    // A timer's longest wait is about 24 days; the back-off never comes near it.
    const timer = setTimeout(
      () => void this.#run(channel),
      Math.max(0, Math.min(delayMs, 2 ** 30)),
    );
    timer.unref();
    this.#timers.set(channel, timer);
  }

  async #run(channel: NotificationChannel): Promise<void> {
    this.#timers.delete(channel);
    this.#running.add(channel);
    let unwritten = false;
    try {
      while (!this.#closed) {
        // The outcomes of what was sent are written before anything more is sent: while they
        // cannot be (a full disk), sending more would send again what the database still
        // holds as pending, every pending notification twice once space came back.
        if (!this.#recordSettled()) {
          unwritten = true;
          break;
        }
        const items = this.#repository.due(channel, this.#clock(), BATCH_SIZE);
        if (items.length === 0) break;
        await Promise.all(items.map((item) => this.#attempt(item)));
      }
    } catch (error) {
      this.#log.error({ err: error }, 'File des notifications : envoi interrompu');
    } finally {
      this.#running.delete(channel);
    }
    if (this.#closed) return;
    if (unwritten) {
      this.#schedule(channel, this.#writeRetryMs);
      this.#writeRetryMs = Math.min(this.#writeRetryMs * 2, WRITE_RETRY_MS.max);
      return;
    }
    const next = this.#repository.nextDueAtMs(channel);
    if (next !== null) this.#schedule(channel, next - this.#clock());
  }

  async #attempt(item: OutboxItem): Promise<void> {
    const attempt = await this.#deliver(item);
    if (this.#closed) return;
    this.#settled.push({ channel: item.channel, attempt, outcome: this.#outcome(item, attempt) });
  }

  async #deliver(item: OutboxItem): Promise<Attempt> {
    const { notice } = item;
    if (!notice) return { state: 'gone', reason: 'message supprimé avant l’envoi' };
    // A reminder whose lead moved on since it was queued (answered, closed, a new date).
    if (item.moot) return { state: 'gone', reason: item.moot };
    const channel = this.#channels.get(item.channel);
    // A row written by a newer version, for a channel this one does not know: never sent by
    // another channel.
    if (!channel) return { state: 'gone', reason: `canal inconnu : ${item.channel}` };
    const attempt = await channel.deliver(item, notice);
    if (attempt.state === 'gone' && item.subscription && !this.#closed) {
      this.#repository.removeSubscription(
        item.subscription.endpoint,
        attempt.reason,
        this.#clock(),
      );
    }
    return attempt;
  }

  /** What the attempt means for the outbox's row: done, cancelled, retried later or failed. */
  #outcome(item: OutboxItem, attempt: Attempt): DeliveryOutcome {
    const { id } = item;
    if (attempt.state === 'sent') return { id, state: 'sent' };
    if (attempt.state === 'gone') return { id, state: 'cancelled', reason: attempt.reason };
    const now = this.#clock();
    if (givesUp(item.createdAtMs, now, this.#retry.giveUpAfterMs)) {
      return { id, state: 'failed', error: attempt.error };
    }
    const nextAttemptAtMs = now + retryDelayMs(item.attempts + 1, this.#retry, this.#random);
    return { id, state: 'retry', error: attempt.error, nextAttemptAtMs };
  }

  /** The console line at the start and at the end of a channel's streak of failures. */
  #sayStreak(report: ChannelReport): void {
    const lines = this.#channels.get(report.channel)?.streakLines;
    if (!lines) return;
    if (report.lastError !== null && !report.succeeded && !this.#failing.has(report.channel)) {
      this.#failing.add(report.channel);
      this.#say(lines.failing(report.lastError));
    } else if (report.succeeded && this.#failing.delete(report.channel)) {
      this.#say(lines.restored);
    }
  }

  /**
   * Writes the outcomes known so far, and what they say of each channel's health; false when
   * the write failed (they are kept, to be written again).
   */
  #recordSettled(): boolean {
    const settled = [...this.#settled];
    if (settled.length === 0) return true;
    const health: ChannelReport[] = [];
    for (const channel of new Set(settled.map((entry) => entry.channel))) {
      const report = healthReport(
        settled.filter((entry) => entry.channel === channel).map((entry) => entry.attempt),
      );
      if (report) health.push({ channel, ...report });
    }
    try {
      this.#repository.record(
        settled.map((entry) => entry.outcome),
        health,
        this.#clock(),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (this.#unwritable === null) {
        this.#say(
          `Impossible d’enregistrer dans la base les notifications envoyées (${reason}) : plus aucune n’est envoyée d’ici là, pour n’en envoyer aucune deux fois ; si le disque est plein, libérez de la place.`,
        );
      }
      this.#unwritable = reason;
      return false;
    }
    // Written: only now are they forgotten here (synchronous, so nothing came in meanwhile).
    this.#settled.splice(0, settled.length);
    this.#writeRetryMs = WRITE_RETRY_MS.first;
    if (this.#unwritable !== null) {
      this.#unwritable = null;
      this.#say('Les notifications envoyées sont de nouveau enregistrées : les envois reprennent.');
    }
    for (const report of health) this.#sayStreak(report);
    for (const { outcome } of settled) {
      if (outcome.state === 'failed') {
        this.#log.error(givenUpLine(this.#retry.giveUpAfterMs, outcome.error));
      }
    }
    return true;
  }
}
